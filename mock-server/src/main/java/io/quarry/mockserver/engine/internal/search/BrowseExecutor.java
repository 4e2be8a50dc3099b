package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.index.NumericColumn;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One page of a browse: the records matching the query and filters, ordered by customRanking then insertion
 * (no textual ranking, as in the service), up to {@code hitsPerPage} (default and maximum 1000) per call.
 * {@code distinct} is ignored, and hits are records only (no highlighting, snippets or ranking info, whatever the
 * request asks, as in the service). The cursor is absent from the last page.
 *
 * <p>The records are walked in browse order (sorted once per index content and kept until the next write) from
 * the cursor's position, found by binary search, until the page is full: a whole browse costs one pass over the
 * index, not one per page. The first call counts the hits; later calls report that count.
 */
public final class BrowseExecutor {

    private static final int MAX_PER_PAGE = 1000;

    private final String indexName;
    private final SearchExecutor search;
    private final SearchOptions options;
    private final BrowseCursor cursor;
    private final CursorSeal seal;
    private final boolean seeUnretrievable;
    private final List<String> paths = new ArrayList<>();
    private final List<Boolean> descending = new ArrayList<>();

    /**
     * @param indexName the index browsed
     * @param search the search over the browse parameters
     * @param options the effective options
     * @param cursor the cursor of the previous call, or {@code null} on the first call
     * @param seal the engine's seal, which signs the next cursor
     * @param seeUnretrievable whether unretrievable attributes are returned anyway
     */
    public BrowseExecutor(
            String indexName,
            SearchExecutor search,
            SearchOptions options,
            BrowseCursor cursor,
            CursorSeal seal,
            boolean seeUnretrievable) {
        this.indexName = indexName;
        this.search = search;
        this.options = options;
        this.cursor = cursor;
        this.seal = seal;
        this.seeUnretrievable = seeUnretrievable;
        for (String entry : options.customRanking()) {
            paths.add(
                    entry.substring(entry.indexOf('(') + 1, entry.length() - 1).trim());
            descending.add(entry.startsWith("desc("));
        }
    }

    /**
     * {@return the browse response}
     *
     * @param store the records, read-locked
     * @throws EngineException 400 for a cursor of another index, content or order
     */
    public ObjectNode browse(RecordStore store) {
        long started = System.nanoTime();
        if (cursor != null) {
            cursor.requireSameContent(indexName, store.lineage(), options.customRanking());
        }
        int hitsPerPage = options.params().integer("hitsPerPage", MAX_PER_PAGE);
        if (hitsPerPage < 1 || hitsPerPage > MAX_PER_PAGE) {
            throw new EngineException(
                    400, "hitsPerPage must be between 1 and 1000 for browse (got " + hitsPerPage + ")");
        }
        Matching matching = search.matching(store, search.filter(store));
        NumericColumn[] columns = new NumericColumn[paths.size()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = store.numericColumn(paths.get(i));
        }
        int[] order = store.sortedOrdinals("browse:" + options.customRanking(), (a, b) -> {
            for (int i = 0; i < columns.length; i++) {
                int c = AttributeValues.compare(value(a, i, columns), value(b, i, columns), descending.get(i));
                if (c != 0) {
                    return c;
                }
            }
            return Long.compare(a.sequence(), b.sequence());
        });
        int start = 0;
        if (cursor != null) {
            int high = order.length;
            while (start < high) {
                int middle = (start + high) >>> 1;
                if (afterCursor(store.at(order[middle]), columns)) {
                    high = middle;
                } else {
                    start = middle + 1;
                }
            }
        }
        List<Hit> page = new ArrayList<>();
        for (int i = start; i < order.length && page.size() <= hitsPerPage; i++) {
            Hit hit = matching.evaluate(order[i]);
            if (hit != null) {
                page.add(hit);
            }
        }
        boolean more = page.size() > hitsPerPage;
        if (more) {
            page.remove(page.size() - 1);
        }
        int nbHits = cursor == null ? matching.hits().size() : cursor.nbHits();
        HitRenderer renderer = HitRenderer.forBrowse(options, seeUnretrievable);
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        ArrayNode hitsNode = response.putArray("hits");
        for (Hit hit : page) {
            hitsNode.add(renderer.render(hit, matching.readings().get(hit.reading()), 0));
        }
        int pageNumber = cursor == null ? 0 : cursor.page();
        if (more) {
            IndexedRecord last = page.get(page.size() - 1).record();
            List<Comparable<?>> values = new ArrayList<>();
            for (int i = 0; i < columns.length; i++) {
                values.add(value(last, i, columns));
            }
            // the cursor keeps the parameters as the request and the key gave them, which every page echoes;
            // what a browse forces over them is applied again on each call
            response.put(
                    "cursor",
                    new BrowseCursor(
                                    indexName,
                                    store.lineage(),
                                    options.customRanking(),
                                    options.params().original().toObject(),
                                    pageNumber + 1,
                                    values,
                                    last.sequence(),
                                    nbHits)
                            .encode(seal));
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

    private Comparable<?> value(IndexedRecord record, int i, NumericColumn[] columns) {
        int ordinal = record.ordinal();
        if (columns[i].regular(ordinal)) {
            double value = columns[i].value(ordinal);
            return Double.isNaN(value) ? null : value;
        }
        return AttributeValues.sortValue(record, paths.get(i));
    }

    private boolean afterCursor(IndexedRecord record, NumericColumn[] columns) {
        for (int i = 0; i < columns.length && i < cursor.customValues().size(); i++) {
            int c = AttributeValues.compare(
                    value(record, i, columns), cursor.customValues().get(i), descending.get(i));
            if (c != 0) {
                return c > 0;
            }
        }
        return record.sequence() > cursor.sequence();
    }
}
