package io.quarry.core.spi;

import io.quarry.core.Host;
import java.time.Duration;

/**
 * How a try ended.
 *
 * @param host             the host tried
 * @param number           the try's number in its call, from 1
 * @param status           the HTTP status answered, or 0 when no answer came
 * @param errorType        the simple name of what failed the try ({@code ServerErrorException},
 *                         {@code SocketTimeoutException}, {@code ConnectException}, {@code NotFoundException}...),
 *                         or null when it succeeded
 * @param hostMarkedDown   whether the host is marked down after this try (the call then moves to another host
 *                         if it has one)
 * @param requestBytes     the bytes of the request body sent, or -1 when unknown or none was sent
 * @param responseBytes    the bytes of the response body read, as they came over the network, or -1 when none
 * @param requestId        the request ID the service answered with, or null
 * @param duration         how long the try took
 */
public record TryEnd(
        Host host,
        int number,
        int status,
        String errorType,
        boolean hostMarkedDown,
        long requestBytes,
        long responseBytes,
        String requestId,
        Duration duration) {

    /**
     * Whether the try succeeded.
     *
     * @return true when it brought the call's result
     */
    public boolean succeeded() {
        return errorType == null;
    }
}
