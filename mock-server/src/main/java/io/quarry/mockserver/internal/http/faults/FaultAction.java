package io.quarry.mockserver.internal.http.faults;

import java.util.Map;

/**
 * What a scripted fault does to one request.
 *
 * @param kind the kind of fault
 * @param status the status answered (status and fail-after-write faults), else 0
 * @param headers headers added to that answer
 * @param delayMillis how long to wait before answering (any kind), 0 for none
 */
public record FaultAction(Kind kind, int status, Map<String, String> headers, long delayMillis) {

    /** The kinds of fault. */
    public enum Kind {
        /** Answer {@code status} with a JSON error body; the handler does not run. */
        STATUS,
        /** Wait {@code delayMillis}, then answer normally. */
        DELAY,
        /** Close the connection without an answer; the handler does not run. */
        CLOSE_BEFORE_RESPONSE,
        /** Run the handler, send the headers and half the body, then close the connection. */
        CLOSE_MID_RESPONSE,
        /** Run the handler and answer its status with the first half of its JSON body (a complete HTTP message). */
        TRUNCATED_BODY,
        /** Run the handler and answer its status with a body that is not JSON. */
        NON_JSON_BODY,
        /** Run the handler (a write is applied), then answer {@code status} instead of its answer. */
        FAIL_AFTER_WRITE,
        /** Run the handler (a write is applied), then close the connection without an answer. */
        RESET_AFTER_WRITE;

        /** {@return whether the handler runs before the fault shows} */
        public boolean runsHandler() {
            return this != STATUS && this != CLOSE_BEFORE_RESPONSE;
        }
    }

    /** Copies the headers. */
    public FaultAction {
        headers = Map.copyOf(headers);
        FaultJson.validateHeaders(headers);
        FaultJson.delay(delayMillis);
        if ((kind == Kind.STATUS || kind == Kind.FAIL_AFTER_WRITE) && (status < 200 || status > 599)) {
            throw new IllegalArgumentException(
                    "the status must be 200..599: a 1xx is an interim answer, which the client would pair with the"
                            + " wrong request");
        }
    }
}
