package io.quarry.mockserver.internal.http;

import java.util.Map;
import java.util.Objects;

/** A request refused with a 4xx status; written as {@code {"message": ..., "status": N}}. */
public final class ApiException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    /** Headers the answer carries besides the usual ones (a 405's {@code Allow}), none for most. */
    private final transient Map<String, String> headers;

    /**
     * @param status the HTTP status
     * @param message the message sent to the caller (never a key)
     * @throws NullPointerException when {@code message} is null: the answer's {@code message} is always a text
     */
    public ApiException(int status, String message) {
        this(status, message, Map.of());
    }

    /**
     * @param status the HTTP status
     * @param message the message sent to the caller (never a key)
     * @param headers headers the answer carries, such as a 405's {@code Allow}
     * @throws NullPointerException when {@code message} is null: the answer's {@code message} is always a text
     */
    public ApiException(int status, String message, Map<String, String> headers) {
        super(Objects.requireNonNull(message, "message"));
        this.status = status;
        this.headers = Map.copyOf(headers);
    }

    /** {@return the headers the answer carries besides the usual ones} */
    public Map<String, String> headers() {
        return headers;
    }

    /** {@return the HTTP status} */
    public int status() {
        return status;
    }

    /**
     * {@return a 400}
     *
     * @param message what is wrong
     */
    public static ApiException badRequest(String message) {
        return new ApiException(400, message);
    }

    /**
     * {@return a 404}
     *
     * @param message what is missing
     */
    public static ApiException notFound(String message) {
        return new ApiException(404, message);
    }
}
