package io.quarry.mockserver.internal.journal;

import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.faults.FaultAction;

/**
 * One answer as the journal keeps it: raw, for the console to mask and format when it shows it. No text in it is longer
 * than {@link AnswerJournal#PATH_CHARS} or {@link AnswerJournal#BODY_CHARS} characters, but for the index's name,
 * whole, as keys are restricted to whole names: at most {@link io.quarry.mockserver.internal.http.IndexNames#MAX_BYTES}.
 *
 * @param seq its number, from 1, in the order answers were recorded
 * @param atMillis when it was answered (epoch milliseconds)
 * @param host the host (port) it came to, numbered from 0
 * @param method the request's method
 * @param rawPath the request's path as sent, cut
 * @param rawQuery its query as sent, cut to what fits beside the path, or {@code null}
 * @param pathCut whether the path and query were cut (or filled what is kept of them): the end of what is kept may be
 *     a key's start
 * @param route the route it matched, or {@code null}
 * @param index the index it was about, or {@code null} (also for a name longer than any index's)
 * @param status the status sent, 0 for none
 * @param micros how long it took to answer, in microseconds
 * @param requestBytes the request body's size
 * @param responseBytes the answer body's size, before compression
 * @param caller who the credential check found, or {@code null} when none passed
 * @param sentKey the key the request was sent with, cut, or {@code null}: to mask, never to show
 * @param fault the kind of scripted fault that changed the answer, or {@code null}
 * @param requestStart the start of the request body (its members holding keys masked when its route carries keys)
 * @param responseStart the start of the answer body, the same way
 */
public record JournaledAnswer(
        long seq,
        long atMillis,
        int host,
        String method,
        String rawPath,
        String rawQuery,
        boolean pathCut,
        Route route,
        String index,
        int status,
        long micros,
        int requestBytes,
        int responseBytes,
        Caller caller,
        String sentKey,
        FaultAction.Kind fault,
        byte[] requestStart,
        byte[] responseStart) {

    /**
     * {@return the number, method, route template and status: never the path as sent (a key's own route carries the key
     * in it), the key, the caller or the bodies}
     */
    @Override
    public String toString() {
        String where = route == null ? "(no route)" : route.template();
        return "JournaledAnswer[" + seq + " " + method + " " + where + " " + status + "]";
    }
}
