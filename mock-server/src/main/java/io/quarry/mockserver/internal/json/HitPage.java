package io.quarry.mockserver.internal.json;

import java.util.List;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** One page of a small in-memory search (rules, dictionary entries), in the service's paged reply shape. */
public final class HitPage {

    private HitPage() {}

    /**
     * {@return {@code {"hits", "nbHits", "page", "nbPages"}}}
     *
     * @param matching every match, in order
     * @param page the page wanted, from 0 (past the end: no hits)
     * @param hitsPerPage the page size, at least 1
     * @param render what a match's hit is (a copy, when the match is live state)
     * @param <T> the match type
     */
    public static <T> ObjectNode of(
            List<T> matching, int page, int hitsPerPage, Function<? super T, ? extends JsonNode> render) {
        ArrayNode hits = Json.array();
        int from = (int) Math.min(matching.size(), (long) page * hitsPerPage);
        for (T hit : matching.subList(from, Math.min(matching.size(), from + hitsPerPage))) {
            hits.add(render.apply(hit));
        }
        ObjectNode body = Json.object();
        body.set("hits", hits);
        body.put("nbHits", matching.size());
        body.put("page", page);
        body.put("nbPages", (matching.size() + hitsPerPage - 1) / hitsPerPage);
        return body;
    }
}
