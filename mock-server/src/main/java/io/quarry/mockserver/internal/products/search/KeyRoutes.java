package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.ApiKey;
import io.quarry.mockserver.internal.state.ApiKeys;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.KeyDefinition;
import io.quarry.mockserver.internal.state.Timestamps;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * API keys, global and index-level. Reads show {@code value} and {@code createdAt} in
 * Unix seconds; create and restore answer {@code key} and {@code createdAt} in ISO 8601; update answers
 * {@code key} and {@code updatedAt}; delete answers {@code deletedAt}. An update replaces every parameter (unset
 * ones go back to their defaults), as the service does. {@code validity} in reads is the seconds left (0 for
 * none). An index-level key is restricted to its index; the global list shows it with {@code indexes}. Creating or
 * restoring a key past {@link ApiKeys#MAX_ACTIVE} active keys, or past the budget of stored records, is a 403.
 */
final class KeyRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int CREATE = 0;
    static final int UPDATE = 1;
    static final int LIST = 2;
    static final int GET = 3;
    static final int DELETE = 4;
    static final int RESTORE = 5;
    static final int CREATE_FOR_INDEX = 6;
    static final int UPDATE_FOR_INDEX = 7;
    static final int LIST_FOR_INDEX = 8;
    static final int LIST_ALL_INDEX_KEYS = 9;
    static final int GET_FOR_INDEX = 10;
    static final int DELETE_FOR_INDEX = 11;

    private final Application app;
    private final ApiKeys keys;

    KeyRoutes(Application app) {
        this.app = app;
        this.keys = app.keys();
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case CREATE -> create(request);
            case UPDATE -> update(request);
            case LIST -> list(request);
            case GET -> get(request);
            case DELETE -> delete(request);
            case RESTORE -> restore(request);
            case CREATE_FOR_INDEX -> createForIndex(request);
            case UPDATE_FOR_INDEX -> updateForIndex(request);
            case LIST_FOR_INDEX -> listForIndex(request);
            case LIST_ALL_INDEX_KEYS -> listAllIndexKeys(request);
            case GET_FOR_INDEX -> getForIndex(request);
            case DELETE_FOR_INDEX -> deleteForIndex(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /** {@code POST /1/keys}. */
    Response create(Request request) {
        return Response.ok(created(keys.create(KeyDefinition.fromJson(request.jsonObject(), null), null)));
    }

    /** {@code PUT /1/keys/{key}}: 404 when the key is not active. */
    Response update(Request request) {
        ApiKey key = keys.update(request.path("key"), KeyDefinition.fromJson(request.jsonObject(), null));
        if (key == null) {
            throw ApiException.notFound("Key does not exist");
        }
        return Response.ok(updated(key.value()));
    }

    /** {@code GET /1/keys}: every active key, oldest first. */
    Response list(Request request) {
        return Response.ok(keyList(keys.all(), false));
    }

    /** {@code GET /1/keys/{key}}. */
    Response get(Request request) {
        return Response.ok(describe(require(request.path("key"), null)));
    }

    /** {@code DELETE /1/keys/{key}}: the key goes to the deleted list. */
    Response delete(Request request) {
        if (!keys.delete(request.path("key"))) {
            throw ApiException.notFound("Key does not exist");
        }
        return Response.ok(deleted());
    }

    /** {@code POST /1/keys/{key}/restore}: only a key of the deleted list (404 otherwise). */
    Response restore(Request request) {
        ApiKey key = keys.restore(request.path("key"));
        if (key == null) {
            throw ApiException.notFound("Key is not in the deleted keys list");
        }
        return Response.ok(created(key));
    }

    /** {@code POST /1/indexes/{indexName}/keys}: a key restricted to the index. */
    Response createForIndex(Request request) {
        String indexName = request.path("indexName");
        return Response.ok(created(keys.create(KeyDefinition.fromJson(request.jsonObject(), indexName), indexName)));
    }

    /**
     * {@code PUT /1/indexes/{indexName}/keys/{key}}: always succeeds; updates the key only when it
     * is a key of that index.
     */
    Response updateForIndex(Request request) {
        String indexName = request.path("indexName");
        String value = request.path("key");
        KeyDefinition definition = KeyDefinition.fromJson(request.jsonObject(), indexName);
        ApiKey current = keys.find(value);
        if (current != null && indexName.equals(current.indexScope())) {
            keys.update(value, definition);
        }
        return Response.ok(updated(value));
    }

    /** {@code GET /1/indexes/{indexName}/keys}: the index's keys; 404 when the index does not exist. */
    Response listForIndex(Request request) {
        String indexName = request.path("indexName");
        app.require(indexName);
        return Response.ok(keyList(
                keys.all().stream()
                        .filter(key -> indexName.equals(key.indexScope()))
                        .toList(),
                false));
    }

    /** {@code GET /1/indexes/*}{@code /keys}: the keys of every index, each with {@code index}. */
    Response listAllIndexKeys(Request request) {
        return Response.ok(keyList(
                keys.all().stream().filter(key -> key.indexScope() != null).toList(), true));
    }

    /** {@code GET /1/indexes/{indexName}/keys/{key}}. */
    Response getForIndex(Request request) {
        return Response.ok(describe(require(request.path("key"), request.path("indexName"))));
    }

    /** {@code DELETE /1/indexes/{indexName}/keys/{key}}. */
    Response deleteForIndex(Request request) {
        require(request.path("key"), request.path("indexName"));
        keys.delete(request.path("key"));
        return Response.ok(deleted());
    }

    private ApiKey require(String value, String indexName) {
        ApiKey key = keys.find(value);
        if (key == null || (indexName != null && !indexName.equals(key.indexScope()))) {
            throw ApiException.notFound("Key does not exist");
        }
        return key;
    }

    private ObjectNode created(ApiKey key) {
        ObjectNode body = Json.object();
        body.put("key", key.value());
        body.put("createdAt", Timestamps.iso(key.createdAtMillis()));
        return body;
    }

    private ObjectNode updated(String value) {
        ObjectNode body = Json.object();
        body.put("key", value);
        body.put("updatedAt", Timestamps.iso(app.nowMillis()));
        return body;
    }

    private ObjectNode deleted() {
        ObjectNode body = Json.object();
        body.put("deletedAt", Timestamps.iso(app.nowMillis()));
        return body;
    }

    private ObjectNode keyList(List<ApiKey> list, boolean withIndex) {
        ArrayNode array = Json.array();
        for (ApiKey key : list) {
            ObjectNode item = describe(key);
            if (withIndex) {
                item.put("index", key.indexScope());
            }
            array.add(item);
        }
        ObjectNode body = Json.object();
        body.set("keys", array);
        return body;
    }

    /** {@return the whole seconds left of its validity, rounded up (at least 1 while it exists); 0 for none} */
    private long secondsLeft(ApiKey key) {
        if (key.expiresAtMillis() == 0) {
            return 0;
        }
        long millis = key.expiresAtMillis() - app.nowMillis();
        return Math.max(1, millis / 1000 + (millis % 1000 > 0 ? 1 : 0));
    }

    private ObjectNode describe(ApiKey key) {
        ObjectNode item = Json.object();
        item.put("value", key.value());
        item.put("createdAt", key.createdAtMillis() / 1000);
        ArrayNode acl = item.putArray("acl");
        key.acl().forEach(acl::add);
        item.put("validity", secondsLeft(key));
        item.put("description", key.description());
        if (!key.indexes().isEmpty()) {
            ArrayNode indexes = item.putArray("indexes");
            key.indexes().forEach(indexes::add);
        }
        item.put("maxHitsPerQuery", key.maxHitsPerQuery());
        item.put("maxQueriesPerIPPerHour", key.maxQueriesPerIPPerHour());
        item.put("queryParameters", key.queryParameters());
        ArrayNode referers = item.putArray("referers");
        key.referers().forEach(referers::add);
        return item;
    }
}
