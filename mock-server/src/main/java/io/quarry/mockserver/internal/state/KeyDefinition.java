package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.PathCodec;
import io.quarry.mockserver.internal.http.Sanitize;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The parameters of a key as sent to create or update it; unset members take the defaults.
 *
 * @param acl rights
 * @param description label
 * @param indexes index name patterns
 * @param validitySeconds validity, 0 for none
 * @param maxHitsPerQuery hit cap, 0 for none
 * @param maxQueriesPerIPPerHour hourly budget, 0 for none
 * @param queryParameters forced URL-encoded parameters
 * @param referers allowed referers
 */
public record KeyDefinition(
        List<String> acl,
        String description,
        List<String> indexes,
        long validitySeconds,
        int maxHitsPerQuery,
        int maxQueriesPerIPPerHour,
        String queryParameters,
        List<String> referers) {

    /** Copies the lists. */
    public KeyDefinition {
        acl = List.copyOf(acl);
        indexes = List.copyOf(indexes);
        referers = List.copyOf(referers);
    }

    /**
     * {@return the key}
     *
     * @param value the key's value
     * @param indexScope the index of an index-level key, or {@code null}
     * @param createdAtMillis its creation time
     * @param nowMillis when the definition applies; validity counts from then
     */
    ApiKey toKey(String value, String indexScope, long createdAtMillis, long nowMillis) {
        return new ApiKey(
                value,
                acl,
                description,
                indexes,
                validitySeconds,
                maxHitsPerQuery,
                maxQueriesPerIPPerHour,
                queryParameters,
                referers,
                indexScope,
                createdAtMillis,
                ApiKey.expiry(nowMillis, validitySeconds));
    }

    /**
     * {@return the validated definition}
     *
     * @param body the key parameters sent
     * @param indexName the index of an index-level key (its only index), or {@code null}
     * @throws ApiException 400 for a parameter of the wrong type, an unknown right or malformed queryParameters
     */
    public static KeyDefinition fromJson(ObjectNode body, String indexName) {
        List<String> acl = strings(body, "acl");
        for (String right : acl) {
            if (!ApiKey.RIGHTS.contains(right)) {
                throw ApiException.badRequest("Invalid acl: " + Sanitize.shortText(right)
                        + " is not a right (expected one of " + new TreeSet<>(ApiKey.RIGHTS) + ")");
            }
        }
        List<String> indexes = indexName != null ? List.of(indexName) : strings(body, "indexes");
        PathCodec.parseQuery(text(body, "queryParameters"));
        return new KeyDefinition(
                acl,
                text(body, "description"),
                indexes,
                count(body, "validity", Long.MAX_VALUE / 1000),
                (int) count(body, "maxHitsPerQuery", Integer.MAX_VALUE),
                (int) count(body, "maxQueriesPerIPPerHour", Integer.MAX_VALUE),
                text(body, "queryParameters"),
                strings(body, "referers"));
    }

    private static List<String> strings(ObjectNode body, String member) {
        JsonNode value = body.get(member);
        List<String> list = new ArrayList<>();
        if (value == null || value.isNull()) {
            return list;
        }
        if (!value.isArray()) {
            throw ApiException.badRequest("Invalid " + member + ": expected an array of strings");
        }
        for (JsonNode item : value) {
            if (!item.isString()) {
                throw ApiException.badRequest("Invalid " + member + ": expected an array of strings");
            }
            list.add(item.stringValue());
        }
        return list;
    }

    private static String text(ObjectNode body, String member) {
        JsonNode value = body.get(member);
        if (value == null || value.isNull()) {
            return "";
        }
        if (!value.isString()) {
            throw ApiException.badRequest("Invalid " + member + ": expected a string");
        }
        return value.stringValue();
    }

    private static long count(ObjectNode body, String member, long max) {
        JsonNode value = body.get(member);
        if (value == null || value.isNull()) {
            return 0;
        }
        if (!value.isIntegralNumber() || value.asLong() < 0 || value.asLong() > max) {
            throw ApiException.badRequest("Invalid " + member + ": expected a non-negative integer");
        }
        return value.asLong();
    }
}
