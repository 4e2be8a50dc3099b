package io.quarry.core.internal;

import java.util.List;
import java.util.function.UnaryOperator;

/** Where the service's request ID comes in an answer, and its bounded, single-line form. */
public final class RequestIds {

    /** Response headers that may carry the service's request ID, in lower case, the preferred first. */
    public static final List<String> HEADERS = List.of("x-request-id", "x-service-request-id");

    /** The longest request ID kept: it goes into messages and attributes. */
    private static final int MAX_LENGTH = 100;

    private RequestIds() {}

    /**
     * The request ID of an answer.
     *
     * @param header the answer's header of a name, or null when absent
     * @return the request ID, without whitespace and at most 100 characters, or null
     */
    public static String in(UnaryOperator<String> header) {
        for (String name : HEADERS) {
            String value = header.apply(name);
            if (value != null) {
                return bounded(value);
            }
        }
        return null;
    }

    /**
     * A request ID as it may be shown.
     *
     * @param value the header value
     * @return without whitespace, at most 100 characters
     */
    public static String bounded(String value) {
        String id = value.replaceAll("\\s", "");
        return id.length() > MAX_LENGTH ? id.substring(0, MAX_LENGTH) : id;
    }
}
