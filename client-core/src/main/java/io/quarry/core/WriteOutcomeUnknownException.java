package io.quarry.core;

import io.quarry.core.internal.base.MessagePaths;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A write that is not safe to send twice failed after it may have reached the service: the connection broke or
 * timed out once the request was sent, the host answered a 5xx, or its success answer could not be read. Sending
 * it again could apply it twice (a record added without an objectID stored twice, an {@code Increment} counted
 * twice), so it was not retried: it may or may not have been applied. Check the data before trying again, or
 * give the write an idempotent form (records with objectIDs, {@code IncrementSet}/{@code IncrementFrom}).
 *
 * <p>Lists the attempts made; the last one's error is the cause.
 */
public final class WriteOutcomeUnknownException extends QuarryException {

    private static final long serialVersionUID = 1L;

    private final transient List<UnreachableHostsException.Attempt> attempts;

    /**
     * Creates the exception.
     *
     * @param endpoint the endpoint called
     * @param path     the path called, with keys masked
     * @param attempts every attempt, in order, at least one
     */
    public WriteOutcomeUnknownException(
            Endpoint endpoint, String path, List<UnreachableHostsException.Attempt> attempts) {
        super(
                message(endpoint, path, attempts),
                attempts.isEmpty() ? null : attempts.get(attempts.size() - 1).error());
        this.attempts = List.copyOf(attempts);
    }

    private static String message(Endpoint endpoint, String path, List<UnreachableHostsException.Attempt> attempts) {
        return "outcome unknown for "
                + Objects.requireNonNull(endpoint, "endpoint").method() + " "
                + MessagePaths.shown(Objects.requireNonNull(path, "path"))
                + " (not retried: the write may have been applied and is not safe to repeat):"
                + Objects.requireNonNull(attempts, "attempts").stream()
                        .map(a -> "\n  - " + a)
                        .collect(Collectors.joining());
    }

    /**
     * Every attempt, in the order made.
     *
     * @return the attempts
     */
    public List<UnreachableHostsException.Attempt> attempts() {
        return attempts;
    }
}
