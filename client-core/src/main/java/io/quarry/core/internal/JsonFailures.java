package io.quarry.core.internal;

import io.quarry.core.DeserializationException;
import io.quarry.core.InvalidRequestException;
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
        return new InvalidRequestException("value cannot be serialised as JSON: " + e.getOriginalMessage(), e);
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
