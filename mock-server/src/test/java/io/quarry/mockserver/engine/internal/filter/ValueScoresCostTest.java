package io.quarry.mockserver.engine.internal.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.internal.index.FacetColumn;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import io.quarry.mockserver.engine.internal.search.Faceting;
import io.quarry.mockserver.internal.json.Json;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The value filters of a search's optional filters cost what they match, not the size of their facet's column: an
 * array of the column's size, made for each facet attribute of each optional-filter search, cost 400 KB a search on
 * a facet of 100,000 values to hold the filters of a value or two.
 */
class ValueScoresCostTest {

    private static final int RECORDS = 2_000;
    private static final int TAGS_PER_RECORD = 50;

    private final RecordStore store = new RecordStore();
    private final Faceting faceting = Faceting.of(Json.array().add("tags"));

    @Test
    void aFewValueFiltersHoldAFewSlotsWhateverTheColumnsSize() {
        for (int r = 0; r < RECORDS; r++) {
            ObjectNode record = Json.object().put("objectID", "r" + r);
            ArrayNode tags = record.putArray("tags");
            for (int t = 0; t < TAGS_PER_RECORD; t++) {
                tags.add("tag-" + r + "-" + t);
            }
            store.put(record);
        }
        FacetColumn column = store.facetColumn("tags");
        assertThat(column.valueCount()).isEqualTo(RECORDS * TAGS_PER_RECORD);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        scores(column, "tag-7-7", "tag-1999-49"); // the column's look-ups, built once, are not what is counted

        long before = threads.getCurrentThreadAllocatedBytes();
        ValueScores scores = scores(column, "tag-7-7", "tag-1999-49");
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(scores.slots()).as("slots for two values").isLessThanOrEqualTo(8);
        assertThat(allocated).as("bytes allocated for two filters").isLessThan(4 * 1024);
        assertThat(scores.score(store.get("r7"), null)).isEqualTo(3);
        assertThat(scores.score(store.get("r1999"), null)).isEqualTo(5);
        assertThat(scores.score(store.get("r8"), null)).isZero();
    }

    @Test
    void aThousandValueFiltersHoldSlotsInProportionAndScoreEachValue() {
        for (int r = 0; r < RECORDS; r++) {
            store.put(Json.object()
                    .put("objectID", "r" + r)
                    .set("tags", Json.array().add("t" + r)));
        }
        FacetColumn column = store.facetColumn("tags");
        ValueScores scores = new ValueScores(column);
        for (int r = 0; r < 1_000; r++) {
            scores.add(ids(column, "t" + (2 * r)), 1 + r % 7);
        }

        assertThat(scores.slots()).as("slots for a thousand values").isLessThanOrEqualTo(4 * 1_000);
        for (int r = 0; r < RECORDS; r++) {
            long[] read = {0};
            assertThat(scores.score(store.get("r" + r), read)).as("r%d", r).isEqualTo(r % 2 == 0 ? 1 + (r / 2) % 7 : 0);
            assertThat(read[0]).as("values and filters read for r%d", r).isLessThanOrEqualTo(2);
        }
    }

    private ValueScores scores(FacetColumn column, String three, String five) {
        ValueScores scores = new ValueScores(column);
        scores.add(ids(column, three), 3);
        scores.add(ids(column, five), 5);
        return scores;
    }

    private int[] ids(FacetColumn column, String value) {
        return AtomEvaluator.matchingIds(new Atom.Facet("tags", value, false), faceting, column, null);
    }
}
