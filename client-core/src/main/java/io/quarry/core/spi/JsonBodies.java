package io.quarry.core.spi;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** Small JSON object bodies built from name/value pairs, for calls whose body has no model class of its own. */
public final class JsonBodies {

    private JsonBodies() {}

    /**
     * An object whose members keep the given order; members with a null value are left out.
     *
     * @param namesAndValues name, value, name, value, ...
     * @return the object, ready to be a request body
     * @throws IllegalArgumentException if the arguments do not come in pairs
     */
    public static Map<String, Object> object(Object... namesAndValues) {
        if (Objects.requireNonNull(namesAndValues, "namesAndValues").length % 2 != 0) {
            throw new IllegalArgumentException("names and values must come in pairs");
        }
        Map<String, Object> body = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (namesAndValues[i + 1] != null) {
                body.put((String) namesAndValues[i], namesAndValues[i + 1]);
            }
        }
        return body;
    }
}
