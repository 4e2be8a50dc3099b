package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One page of a browse: the records matching the query and filters, ordered by customRanking then insertion
 * (no textual ranking, as in the service), up to {@code hitsPerPage} (default and maximum 1000) per call.
 * {@code distinct} is ignored. The cursor is absent from the last page.
 */
public final class BrowseExecutor {

    private static final int MAX_PER_PAGE = 1000;

    private final SearchExecutor search;
    private final SearchOptions options;
    private final BrowseCursor cursor;
    private final boolean seeUnretrievable;

    /**
     * @param search the search over the browse parameters
     * @param options the effective options
     * @param cursor the cursor of the previous call, or {@code null} on the first call
     * @param seeUnretrievable whether unretrievable attributes are returned anyway
     */
    public BrowseExecutor(SearchExecutor search, SearchOptions options, BrowseCursor cursor, boolean seeUnretrievable) {
        this.search = search;
        this.options = options;
        this.cursor = cursor;
        this.seeUnretrievable = seeUnretrievable;
    }

    /**
     * @param store the records
     * @return the browse response
     */
    public ObjectNode browse(RecordStore store) {
        long started = System.nanoTime();
        int hitsPerPage = options.params().integer("hitsPerPage", MAX_PER_PAGE);
        if (hitsPerPage < 1 || hitsPerPage > MAX_PER_PAGE) {
            throw new EngineException(400, "hitsPerPage must be between 1 and 1000 for browse (got " + hitsPerPage
                    + ")");
        }
        SearchExecutor.Result result = search.match(store, search.filter());
        List<String> customRanking = options.customRanking();
        List<Hit> hits = result.hits();
        hits.sort(HitOrder.custom(customRanking).thenComparing(Comparator.comparingLong(h -> h.record().sequence())));
        int nbHits = hits.size();
        List<Hit> remaining = hits;
        if (cursor != null) {
            remaining = new ArrayList<>();
            for (Hit hit : hits) {
                if (afterCursor(hit, customRanking)) {
                    remaining.add(hit);
                }
            }
        }
        List<Hit> page = remaining.subList(0, Math.min(hitsPerPage, remaining.size()));
        HitRenderer renderer = new HitRenderer(options, search.searchable(), seeUnretrievable,
                GeoQuery.of(options.params()).precision());
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        ArrayNode hitsNode = response.putArray("hits");
        for (Hit hit : page) {
            hitsNode.add(renderer.render(hit, result.readings().get(hit.reading()), 0));
        }
        int pageNumber = cursor == null ? 0 : cursor.page();
        if (remaining.size() > page.size()) {
            Hit last = page.get(page.size() - 1);
            List<Comparable<?>> values = new ArrayList<>();
            for (String entry : customRanking) {
                values.add(AttributeValues.sortValue(last.record(), attributeOf(entry)));
            }
            response.put("cursor", new BrowseCursor(options.params().toObject(), pageNumber + 1, values,
                    last.record().sequence()).encode());
        }
        response.put("page", pageNumber);
        response.put("nbHits", nbHits);
        response.put("nbPages", (nbHits + hitsPerPage - 1) / hitsPerPage);
        response.put("hitsPerPage", hitsPerPage);
        response.put("processingTimeMS", Math.max(1, (System.nanoTime() - started) / 1_000_000));
        response.put("query", options.query());
        response.put("params", options.params().encode());
        return response;
    }

    private boolean afterCursor(Hit hit, List<String> customRanking) {
        for (int i = 0; i < customRanking.size() && i < cursor.customValues().size(); i++) {
            String entry = customRanking.get(i);
            boolean descending = entry.startsWith("desc(");
            int c = AttributeValues.compare(hit.sortValue(attributeOf(entry)),
                    cursor.customValues().get(i), descending);
            if (c != 0) {
                return c > 0;
            }
        }
        return hit.record().sequence() > cursor.sequence();
    }

    private static String attributeOf(String entry) {
        int open = entry.indexOf('(');
        return open < 0 ? entry : entry.substring(open + 1, entry.length() - 1).trim();
    }
}
