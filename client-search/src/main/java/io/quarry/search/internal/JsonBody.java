package io.quarry.search.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/** Small JSON object bodies built from name/value pairs, null values left out. */
public final class JsonBody {

    private JsonBody() {
    }

    /**
     * An ordered object.
     *
     * @param namesAndValues name, value, name, value, ...
     * @return the object; members with a null value are left out
     */
    public static Map<String, Object> of(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
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
