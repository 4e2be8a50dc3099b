package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * The indices a write with {@code forwardToReplicas} reaches: the index itself, then, when the parameter is true,
 * the replicas named in its {@code replicas} setting ({@code virtual(name)} names one too). The caller's key must
 * be allowed on each of them.
 */
final class Replicas {

    private Replicas() {}

    /**
     * {@return the index name, then its replicas' names when the request forwards to them}
     *
     * @param app the application
     * @param request a write on {@code {indexName}} that may carry {@code forwardToReplicas}
     */
    static Set<String> targets(Application app, Request request) {
        String name = request.path("indexName");
        Set<String> targets = new LinkedHashSet<>();
        targets.add(name);
        if (request.booleanParam("forwardToReplicas", false)) {
            IndexState primary = app.find(name);
            if (primary != null) {
                targets.addAll(named(primary.config().settings().get("replicas")));
            }
            Caller caller = request.get(Caller.class);
            targets.forEach(caller::requireIndex);
        }
        return targets;
    }

    /**
     * Applies a write to the index and, when the request forwards to them, its replicas, in one write.
     *
     * @param app the application
     * @param request a write on {@code {indexName}} that may carry {@code forwardToReplicas}
     * @param change the change each index takes
     * @return the index's task
     */
    static long write(Application app, Request request, Consumer<IndexState> change) {
        Map<String, Long> tasks = app.writeMany(targets(app, request), indices -> {
                    indices.values().forEach(change);
                    return null;
                })
                .taskIds();
        return tasks.get(request.path("indexName"));
    }

    /**
     * {@return the replica names a {@code replicas} setting holds, {@code virtual(...)} unwrapped}
     *
     * @param setting the setting's value, or {@code null}
     */
    static Set<String> named(JsonNode setting) {
        Set<String> names = new LinkedHashSet<>();
        if (setting != null && setting.isArray()) {
            for (JsonNode replica : setting) {
                String value = replica.asString("").trim();
                if (value.startsWith("virtual(") && value.endsWith(")")) {
                    value = value.substring("virtual(".length(), value.length() - 1)
                            .trim();
                }
                if (!value.isEmpty()) {
                    names.add(value);
                }
            }
        }
        return names;
    }
}
