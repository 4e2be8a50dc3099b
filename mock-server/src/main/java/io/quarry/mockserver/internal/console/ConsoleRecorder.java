package io.quarry.mockserver.internal.console;

import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.faults.FaultAction;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Keeps what the console shows of traffic: each answer in the {@link Journal} and the {@link Traffic} counters. The
 * console's own requests are left out, so watching does not fill what is watched.
 */
final class ConsoleRecorder {

    /** The console's own paths. */
    static final String CONSOLE_PATH = "/_mock/console";

    private final Journal journal = new Journal();
    private final Traffic traffic = new Traffic();
    private final Secrets secrets;
    private final LongSupplier millis;

    /**
     * @param secrets what masks keys
     * @param millis the wall clock (the journal and charts tell real time, whatever the server's clock says)
     */
    ConsoleRecorder(Secrets secrets, LongSupplier millis) {
        this.secrets = secrets;
        this.millis = millis;
    }

    Journal journal() {
        return journal;
    }

    Traffic traffic() {
        return traffic;
    }

    /** Records an answer, as {@link io.quarry.mockserver.internal.http.AnswerObserver} is told of it. */
    void written(Request request, Route route, int status, byte[] body, FaultAction fault, int host, long nanos) {
        if (request == null || request.rawPath().startsWith(CONSOLE_PATH)) {
            return;
        }
        long now = millis.getAsLong();
        long micros = nanos / 1_000;
        String index = request.pathParams().get("indexName");
        traffic.record(now, status, micros, index);
        String sentKey = Secrets.sentKey(request);
        boolean carriesKeys = Secrets.carriesKeys(route);
        journal.add(new JournalEntry(
                journal.number(),
                now,
                host,
                request.method(),
                secrets.path(request, route, Journal.PATH_CHARS),
                index,
                status,
                micros,
                request.bodySize(),
                body.length,
                caller(request, sentKey),
                fault == null ? null : faultName(fault.kind()),
                secrets.body(request.bodyBytes(), carriesKeys, sentKey, Journal.BODY_CHARS),
                secrets.body(body, carriesKeys, sentKey, Journal.BODY_CHARS)));
    }

    private static String caller(Request request, String sentKey) {
        Caller caller = request.get(Caller.class);
        if (caller != null) {
            return caller.label();
        }
        return sentKey == null ? "no key" : "refused key";
    }

    /** {@return the fault's name as the fault table writes it: {@code closeBeforeResponse}} */
    static String faultName(FaultAction.Kind kind) {
        StringBuilder name = new StringBuilder();
        for (String word : kind.name().toLowerCase(Locale.ROOT).split("_")) {
            name.append(name.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return name.toString();
    }
}
