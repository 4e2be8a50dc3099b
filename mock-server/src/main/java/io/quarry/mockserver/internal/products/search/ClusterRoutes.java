package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.engine.internal.text.TextSearch;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.BodyMembers;
import io.quarry.mockserver.internal.state.Timestamps;
import io.quarry.mockserver.internal.state.UserMappings;
import io.quarry.mockserver.internal.state.UserMappings.Mapping;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Multi-cluster user mapping. Every endpoint answers 403 when the feature is disabled
 * (no cluster configured). A user's data are the records written with its {@code X-Service-User-ID} header that
 * still exist, each the last writer's: {@code nbRecords} counts them, {@code dataSize} is their approximate JSON size
 * in bytes, as an index's own; removing a user
 * deletes them. Values and the user search are always up to date. Pending mappings answer {@code {"pending": bool}} and, with
 * {@code getClusters=true}, {@code "clusters": {cluster: [userIDs moving there]}}.
 */
final class ClusterRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int ASSIGN = 0;
    static final int ASSIGN_BATCH = 1;
    static final int TOP = 2;
    static final int GET = 3;
    static final int CLUSTERS = 4;
    static final int LIST = 5;
    static final int REMOVE = 6;
    static final int SEARCH = 7;
    static final int PENDING = 8;

    private static final String USER_ID_HEADER = "X-Service-User-ID";
    private static final int LIST_PAGE_SIZE = 1000;
    private static final int TOP_USERS = 10;
    private static final long[] NONE = new long[2];

    private final Application app;
    private final UserMappings mappings;

    ClusterRoutes(Application app) {
        this.app = app;
        this.mappings = app.mappings();
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case ASSIGN -> assign(request);
            case ASSIGN_BATCH -> assignBatch(request);
            case TOP -> top(request);
            case GET -> get(request);
            case CLUSTERS -> clusters(request);
            case LIST -> list(request);
            case REMOVE -> remove(request);
            case SEARCH -> search(request);
            case PENDING -> pending(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /** {@code GET /1/clusters}: one summary per cluster, read from figures kept as users and records change. */
    Response clusters(Request request) {
        requireEnabled();
        ArrayNode clusters = Json.array();
        mappings.clusterFigures().forEach((cluster, figures) -> {
            ObjectNode summary = clusters.addObject();
            summary.put("clusterName", cluster);
            summary.put("nbRecords", figures[0]);
            summary.put("nbUserIDs", figures[2]);
            summary.put("dataSize", figures[1]);
        });
        ObjectNode body = Json.object();
        body.set("clusters", clusters);
        return Response.ok(body);
    }

    /** {@code POST /1/clusters/mapping}: header {@code X-Service-User-ID}, body {@code {cluster}}. */
    Response assign(Request request) {
        requireEnabled();
        String userID = userID(request.header(USER_ID_HEADER));
        String cluster = cluster(request.jsonObject());
        mappings.assign(userID, cluster, app.nowMillis());
        return Response.ok(createdAt());
    }

    /** {@code POST /1/clusters/mapping/batch}: body {@code {cluster, users}}. */
    Response assignBatch(Request request) {
        requireEnabled();
        ObjectNode body = request.jsonObject();
        String cluster = cluster(body);
        JsonNode users = body.get("users");
        if (users == null || !users.isArray() || users.isEmpty()) {
            throw ApiException.badRequest("users must be a non-empty array of user IDs");
        }
        List<String> ids = new ArrayList<>();
        for (JsonNode user : users) {
            ids.add(userID(user.isString() ? user.stringValue() : null));
        }
        mappings.assignAll(ids, cluster, app.nowMillis());
        return Response.ok(createdAt());
    }

    /** {@code GET /1/clusters/mapping/top}: the top users by record count of each cluster. */
    Response top(Request request) {
        requireEnabled();
        Map<String, ArrayNode> byCluster = new TreeMap<>();
        mappings.clusters().forEach(cluster -> byCluster.put(cluster, Json.array()));
        List<ObjectNode> entries = new ArrayList<>();
        Map<String, long[]> usage = mappings.usage();
        mappings.all().forEach(mapping -> entries.add(entry(mapping, usage)));
        entries.sort(Comparator.comparingLong(
                        (ObjectNode entry) -> entry.get("nbRecords").asLong())
                .reversed());
        for (ObjectNode entry : entries) {
            ArrayNode users = byCluster.get(entry.get("clusterName").stringValue());
            if (users != null && users.size() < TOP_USERS) {
                users.add(entry);
            }
        }
        ArrayNode top = Json.array();
        byCluster.forEach((cluster, users) -> top.addObject().set(cluster, users));
        ObjectNode body = Json.object();
        body.set("topUsers", top);
        return Response.ok(body);
    }

    /** {@code GET /1/clusters/mapping/{userID}}: 404 when unassigned. */
    Response get(Request request) {
        requireEnabled();
        Mapping mapping = require(request.path("userID"));
        return Response.ok(entry(mapping, Map.of(mapping.userID(), mappings.usage(mapping.userID()))));
    }

    /** {@code GET /1/clusters/mapping}: {@code page} (default 0), {@code hitsPerPage} (1000). */
    Response list(Request request) {
        requireEnabled();
        int page = Replies.intParam(request.query().get("page"), "page", 0, 0, Integer.MAX_VALUE);
        int hitsPerPage =
                Replies.intParam(request.query().get("hitsPerPage"), "hitsPerPage", LIST_PAGE_SIZE, 1, LIST_PAGE_SIZE);
        List<Mapping> all = mappings.all();
        int from = (int) Math.min(all.size(), (long) page * hitsPerPage);
        ArrayNode users = Json.array();
        Map<String, long[]> usage = mappings.usage();
        all.subList(from, Math.min(all.size(), from + hitsPerPage))
                .forEach(mapping -> users.add(entry(mapping, usage)));
        ObjectNode body = Json.object();
        body.set("userIDs", users);
        body.put("page", page);
        body.put("hitsPerPage", hitsPerPage);
        return Response.ok(body);
    }

    /** {@code DELETE /1/clusters/mapping/{userID}}: {@code {deletedAt}}; 404 when unassigned. */
    Response remove(Request request) {
        requireEnabled();
        String userID = request.path("userID");
        Map<String, Set<String>> records = mappings.remove(userID);
        if (records == null) {
            throw ApiException.notFound("User " + userID + " is not assigned to a cluster");
        }
        records.forEach((indexName, ids) -> app.writeIfExists(
                indexName,
                // a replica's records are its primary's: they go when the primary's do
                index -> index.primaryName() != null
                        ? null
                        : index.data().write(writer -> {
                            ids.forEach(writer::remove);
                            return null;
                        }),
                null));
        ObjectNode body = Json.object();
        body.put("deletedAt", Timestamps.iso(app.nowMillis()));
        return Response.ok(body);
    }

    /**
     * {@code POST /1/clusters/mapping/search}: {@code query} a case-insensitive substring of the userID (found in linear time),
     * {@code cluster} an exact filter, {@code page}, {@code hitsPerPage} (default 20).
     */
    Response search(Request request) {
        requireEnabled();
        ObjectNode body = request.jsonObject();
        String query = BodyMembers.text(body, "query");
        String cluster = BodyMembers.text(body, "cluster");
        int page = BodyMembers.integer(body, "page", 0, 0, Integer.MAX_VALUE);
        int hitsPerPage = BodyMembers.integer(body, "hitsPerPage", 20, 1, 1000);
        List<Mapping> matching = mappings.all().stream()
                .filter(mapping -> TextSearch.indexOfIgnoreCase(mapping.userID(), query) >= 0)
                .filter(mapping -> cluster.isEmpty() || cluster.equals(mapping.clusterName()))
                .toList();
        ArrayNode hits = Json.array();
        int from = (int) Math.min(matching.size(), (long) page * hitsPerPage);
        Map<String, long[]> usage = mappings.usage();
        for (Mapping mapping : matching.subList(from, Math.min(matching.size(), from + hitsPerPage))) {
            ObjectNode hit = entry(mapping, usage);
            hit.put("objectID", mapping.userID());
            ObjectNode highlight = hit.putObject("_highlightResult");
            highlight.set("userID", highlight(mapping.userID(), query));
            highlight.set("clusterName", highlight(mapping.clusterName(), query));
            hits.add(hit);
        }
        ObjectNode response = Json.object();
        response.set("hits", hits);
        response.put("nbHits", matching.size());
        response.put("page", page);
        response.put("hitsPerPage", hitsPerPage);
        response.put("updatedAt", app.nowMillis() / 1000);
        return Response.ok(response);
    }

    /** {@code GET /1/clusters/mapping/pending}. */
    Response pending(Request request) {
        requireEnabled();
        List<Mapping> moving = mappings.pendingMoves();
        ObjectNode body = Json.object();
        body.put("pending", !moving.isEmpty());
        if (request.booleanParam("getClusters", false)) {
            ObjectNode clusters = body.putObject("clusters");
            for (Mapping mapping : moving) {
                ArrayNode users = clusters.has(mapping.clusterName())
                        ? (ArrayNode) clusters.get(mapping.clusterName())
                        : clusters.putArray(mapping.clusterName());
                users.add(mapping.userID());
            }
        }
        return Response.ok(body);
    }

    private static ObjectNode highlight(String value, String query) {
        ObjectNode result = Json.object();
        int at = query.isEmpty() ? -1 : TextSearch.indexOfIgnoreCase(value, query);
        ArrayNode matched = Json.array();
        if (at < 0) {
            result.put("value", value);
            result.put("matchLevel", "none");
        } else {
            result.put(
                    "value",
                    value.substring(0, at) + "<em>" + value.substring(at, at + query.length()) + "</em>"
                            + value.substring(at + query.length()));
            result.put("matchLevel", at == 0 && query.length() == value.length() ? "full" : "partial");
            matched.add(query);
        }
        result.set("matchedWords", matched);
        return result;
    }

    private Mapping require(String userID) {
        Mapping mapping = mappings.find(userID);
        if (mapping == null) {
            throw ApiException.notFound("User " + userID + " is not assigned to a cluster");
        }
        return mapping;
    }

    private static ObjectNode entry(Mapping mapping, Map<String, long[]> usage) {
        ObjectNode entry = Json.object();
        entry.put("userID", mapping.userID());
        entry.put("clusterName", mapping.clusterName());
        long[] used = usage.getOrDefault(mapping.userID(), NONE);
        entry.put("nbRecords", used[0]);
        entry.put("dataSize", used[1]);
        return entry;
    }

    private ObjectNode createdAt() {
        ObjectNode body = Json.object();
        body.put("createdAt", Timestamps.iso(app.nowMillis()));
        return body;
    }

    private String cluster(ObjectNode body) {
        String cluster = Replies.requiredString(body, "cluster");
        if (!mappings.clusters().contains(cluster)) {
            throw ApiException.badRequest(
                    "Cluster " + cluster + " does not exist (clusters: " + mappings.clusters() + ")");
        }
        return cluster;
    }

    /** Any non-blank user ID within the mappings' length: the service states no format for it. */
    private static String userID(String userID) {
        return UserMappings.checkUserID(userID);
    }

    private void requireEnabled() {
        if (!mappings.enabled()) {
            throw new ApiException(403, "Multi-cluster mapping is not enabled on this application");
        }
    }
}
