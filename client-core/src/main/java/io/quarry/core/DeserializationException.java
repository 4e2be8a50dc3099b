package io.quarry.core;

import java.lang.reflect.Type;
import java.util.Objects;

/**
 * A success response whose body is not the expected JSON: malformed, not matching the target type, or not readable
 * at all (cut short, in an encoding the client does not decode). The service answered with success, so a write was
 * applied. Names the target type and the JSON path where decoding failed ({@code $} when the body could not be read).
 */
public final class DeserializationException extends QuarryException {

    private static final long serialVersionUID = 1L;

    /** Name of the target type. */
    private final String targetType;
    /** Where decoding failed. */
    private final String jsonPath;

    /**
     * Creates the exception.
     *
     * @param targetType the type the body was decoded into
     * @param jsonPath   where decoding failed, as {@code $.hits[3].price}; {@code $} for the root
     * @param detail     a short description of the problem
     * @param cause      the underlying failure (the parser's), or null when there is none, such as for an empty body
     */
    public DeserializationException(Type targetType, String jsonPath, String detail, Throwable cause) {
        super(message(targetType, jsonPath, detail), cause);
        this.targetType = targetType.getTypeName();
        this.jsonPath = jsonPath;
    }

    private static String message(Type targetType, String jsonPath, String detail) {
        return "cannot decode response into "
                + Objects.requireNonNull(targetType, "targetType").getTypeName() + " at "
                + Objects.requireNonNull(jsonPath, "jsonPath") + ": " + Objects.requireNonNull(detail, "detail");
    }

    /**
     * The name of the type the body was decoded into.
     *
     * @return the type name
     */
    public String targetType() {
        return targetType;
    }

    /**
     * Where decoding failed, as {@code $.hits[3].price}.
     *
     * @return the JSON path
     */
    public String jsonPath() {
        return jsonPath;
    }
}
