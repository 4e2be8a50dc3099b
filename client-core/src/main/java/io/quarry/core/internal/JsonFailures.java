package io.quarry.core.internal;

import io.quarry.core.DeserializationException;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.internal.base.MessagePaths;
import java.lang.reflect.Type;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamReadException;

/** Jackson's failures as the SDK's exceptions, with the JSON path and the first line of Jackson's message. */
public final class JsonFailures {

    private JsonFailures() {}

    /**
     * {@return a failure to read JSON into a type}
     *
     * @param type the target type
     * @param e    Jackson's failure
     */
    public static DeserializationException reading(Type type, JacksonException e) {
        String path = jsonPath(e.getPath());
        String detail = e.getOriginalMessage();
        // a number out of its member's range is well-formed JSON that Jackson's parser refuses to convert
        if (e instanceof StreamReadException && !(e instanceof InputCoercionException) && e.getLocation() != null) {
            detail = "malformed JSON at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": " + detail;
        }
        return new DeserializationException(type, path, firstLine(detail), e);
    }

    /**
     * {@return a failure to write a value as JSON}
     *
     * @param e Jackson's failure
     */
    public static InvalidRequestException writing(JacksonException e) {
        return new InvalidRequestException("value cannot be serialised as JSON" + writingProblem(e), e);
    }

    /**
     * Why a value could not be written, for a message: where in the JSON (its path, each member name and the whole
     * cut to a bound, as the names are the caller's) and the first line of Jackson's message. Never a value.
     *
     * @param e Jackson's failure
     * @return {@code " at $.path: problem"}, or {@code ": problem"} at the top level
     */
    static String writingProblem(JacksonException e) {
        String where = e.getPath().isEmpty() ? "" : " at " + MessagePaths.shown(boundedPath(e.getPath()));
        return where + ": " + firstLine(e.getOriginalMessage());
    }

    /** A member name longer than this shows its start and {@link MessagePaths#CUT}. */
    static final int MAX_NAME_LENGTH = 64;

    private static String boundedPath(List<JacksonException.Reference> references) {
        StringBuilder path = new StringBuilder("$");
        for (JacksonException.Reference ref : references) {
            String name = ref.getPropertyName();
            if (name != null) {
                path.append('.');
                if (name.length() <= MAX_NAME_LENGTH) {
                    path.append(name);
                } else {
                    int end = MAX_NAME_LENGTH - MessagePaths.CUT.length();
                    if (Character.isHighSurrogate(name.charAt(end - 1))) {
                        end--; // never half a character
                    }
                    path.append(name, 0, end).append(MessagePaths.CUT);
                }
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
            if (path.length() > MessagePaths.MAX_LENGTH) {
                break; // the rest would be cut anyway
            }
        }
        return path.toString();
    }

    /**
     * Renders a Jackson reference chain as a JSON path such as {@code $.hits[3].price}.
     *
     * @param references the chain, outermost first
     * @return the path
     */
    static String jsonPath(List<JacksonException.Reference> references) {
        StringBuilder path = new StringBuilder("$");
        for (JacksonException.Reference ref : references) {
            if (ref.getPropertyName() != null) {
                path.append('.').append(ref.getPropertyName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "unknown problem";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
