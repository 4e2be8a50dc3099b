package io.quarry.opentelemetry;

/**
 * Bounds the length of the span values that come from the application's data or the service's answer (the index
 * name, the path holding it and an objectID, the request ID): those have no length limit of their own, and a span
 * exporter sends every value whole.
 */
final class SpanValues {

    /** The most characters of such a value a span carries; longer ones are cut and end with {@link #CUT}. */
    static final int MAX_LENGTH = 1024;

    /** The end of a value that was cut. */
    static final String CUT = "...";

    private SpanValues() {}

    /** {@return the value, or its start and {@link #CUT} when it is longer than {@link #MAX_LENGTH}} */
    static String bounded(String value) {
        if (value == null || value.length() <= MAX_LENGTH) {
            return value;
        }
        int end = MAX_LENGTH - CUT.length();
        if (Character.isHighSurrogate(value.charAt(end - 1))) {
            end--; // never half a character
        }
        return value.substring(0, end) + CUT;
    }
}
