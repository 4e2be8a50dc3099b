package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.engine.SearchContext;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code attributesToRetrieve} for the get-object endpoints; the engine's
 * {@code SearchEngine.retrieve} applies it with the index's {@code unretrievableAttributes}. One the caller's key
 * forces replaces the request's, as in its searches.
 */
final class AttributesToRetrieve {

    private AttributesToRetrieve() {}

    /**
     * {@return the names, or {@code null} for all}
     *
     * @param raw the URL parameter: comma-separated names or a JSON array; {@code null} for all
     */
    static List<String> fromParam(String raw) {
        if (raw == null || raw.isBlank()) {
            return null;
        }
        String trimmed = raw.trim();
        if (trimmed.startsWith("[")) {
            try {
                return fromJson(Json.parse(trimmed));
            } catch (JacksonException e) {
                throw ApiException.badRequest("attributesToRetrieve is not a valid JSON array");
            }
        }
        List<String> names = new ArrayList<>();
        for (String name : trimmed.split(",")) {
            if (!name.isBlank()) {
                names.add(name.trim());
            }
        }
        return names;
    }

    /**
     * {@return the names the caller's key forces, else those asked for ({@code null} for all)}
     *
     * @param context what the caller's key imposes on the index read
     * @param asked the request's names, {@code null} for all
     */
    static List<String> forCaller(SearchContext context, List<String> asked) {
        JsonNode forced = context.forcedParams().get("attributesToRetrieve");
        if (forced == null || forced.isNull()) {
            return asked;
        }
        return forced.isString() ? fromParam(forced.stringValue()) : fromJson(forced);
    }

    /**
     * {@return the names, or {@code null} for all}
     *
     * @param node a JSON array of names, or {@code null}
     */
    static List<String> fromJson(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isArray()) {
            throw ApiException.badRequest("attributesToRetrieve must be an array of strings");
        }
        List<String> names = new ArrayList<>();
        for (JsonNode name : node) {
            if (!name.isString()) {
                throw ApiException.badRequest("attributesToRetrieve must be an array of strings");
            }
            names.add(name.stringValue());
        }
        return names;
    }
}
