package io.quarry.search.internal;

import io.quarry.search.model.BatchOperation;
import java.util.List;
import tools.jackson.core.JacksonException;

/**
 * Why a record of a chunk could not be written, for a message: where in the record (its path from the record's top,
 * as the client's own serialisation of a single record names it) and the first line of the failure's message. Never a
 * value; the record's member names are cut to a bound, as they are the caller's.
 */
final class RecordFailures {

    /** A member name longer than this shows its start and {@link #CUT}. */
    private static final int MAX_NAME_LENGTH = 64;
    /** The most characters of a path shown. */
    private static final int MAX_PATH_LENGTH = 1024;

    private static final String CUT = "...";

    private RecordFailures() {}

    /**
     * {@return {@code " at $.path: problem"}, or {@code ": problem"} at the record's top level}
     *
     * @param e the failure, met while an operation or its record was written
     */
    static String problem(RuntimeException e) {
        if (!(e instanceof JacksonException jackson)) {
            return ": " + firstLine(String.valueOf(e));
        }
        String path = path(jackson.getPath());
        return (path.equals("$") ? "" : " at " + path) + ": " + firstLine(jackson.getOriginalMessage());
    }

    /** The path from the record's top: what follows the operation's {@code body} member, when it is there. */
    private static String path(List<JacksonException.Reference> references) {
        StringBuilder path = new StringBuilder("$");
        for (JacksonException.Reference ref : references) {
            if (ref.from() instanceof BatchOperation) {
                continue; // the operation's own member, not the record's
            }
            String name = ref.getPropertyName();
            if (name != null) {
                path.append('.').append(name.length() <= MAX_NAME_LENGTH ? name : cut(name));
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
            if (path.length() > MAX_PATH_LENGTH) {
                return path.substring(0, MAX_PATH_LENGTH - CUT.length()) + CUT;
            }
        }
        return path.toString();
    }

    private static String cut(String name) {
        int end = MAX_NAME_LENGTH - CUT.length();
        if (Character.isHighSurrogate(name.charAt(end - 1))) {
            end--; // never half a character
        }
        return name.substring(0, end) + CUT;
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }
}
