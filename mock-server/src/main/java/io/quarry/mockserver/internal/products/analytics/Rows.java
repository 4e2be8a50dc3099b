package io.quarry.mockserver.internal.products.analytics;

import io.quarry.mockserver.internal.json.Json;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Top lists: the {@value AnalyticsParams#MAX_LIMIT} most frequent rows, in the asked order, then one page. */
final class Rows {

    private Rows() {}

    /**
     * {@return the page as a JSON array}
     *
     * @param rows every row
     * @param byFrequency the order deciding which rows are the most frequent
     * @param order the order of the answer
     * @param params the page (limit and offset)
     */
    static <T> ArrayNode page(
            List<T> rows,
            Comparator<T> byFrequency,
            Comparator<T> order,
            AnalyticsParams params,
            java.util.function.Function<T, ObjectNode> json) {
        List<T> top = new ArrayList<>(rows);
        top.sort(byFrequency);
        if (top.size() > AnalyticsParams.MAX_LIMIT) {
            top = new ArrayList<>(top.subList(0, AnalyticsParams.MAX_LIMIT));
        }
        top.sort(order);
        ArrayNode out = Json.array();
        int end = (int) Math.min(top.size(), (long) params.offset() + params.limit());
        for (int i = params.offset(); i < end; i++) {
            out.add(json.apply(top.get(i)));
        }
        return out;
    }

    /** {@return the {@code count} desc, then key asc order} */
    static <T> Comparator<T> byCount(
            java.util.function.ToLongFunction<T> count, java.util.function.Function<T, String> key) {
        return Comparator.<T>comparingLong(count).reversed().thenComparing(key);
    }
}
