package io.quarry.mockserver.engine.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Comparator;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The columns and orders searches build count in the record budget beside the records: kept while they fit, used
 * without being kept when they do not (the search still gets them), dropped when a write needs their room, and
 * given back when no index holds the store any more.
 */
class CachedColumnsBudgetTest {

    private static final long CAPACITY = 4L << 20;

    private final RecordBudget budget = new RecordBudget(CAPACITY);
    private final RecordStore store = new RecordStore();

    CachedColumnsBudgetTest() {
        store.countCachesIn(budget);
        for (int i = 0; i < 2_000; i++) {
            ObjectNode record = JsonNodeFactory.instance.objectNode().put("objectID", "r" + i);
            store.put(record.put("brand", "brand " + i).put("price", i % 100));
        }
        budget.take(store.heapBytes());
    }

    @Test
    void columnsAndOrdersCountWhileTheyFitAndGiveWayToWrites() {
        FacetColumn brands = store.facetColumn("brand");
        NumericColumn prices = store.numericColumn("price");
        int[] order = store.sortedOrdinals("price", Comparator.comparing(IndexedRecord::objectID));

        long expected = brands.heapBytes() + prices.heapBytes() + 16 + 4L * order.length;
        assertThat(store.cachedBytes()).isEqualTo(expected);
        assertThat(budget.cached()).isEqualTo(expected);
        assertThat(store.facetColumn("brand")).as("kept").isSameAs(brands);

        budget.take(CAPACITY - budget.used() - budget.cached() / 2);
        assertThat(budget.cached())
                .as("dropped for a write that needed their room")
                .isZero();
        assertThat(store.cachedBytes()).isZero();
        assertThat(budget.used() + budget.cached()).isLessThanOrEqualTo(CAPACITY);
    }

    @Test
    void aColumnThatDoesNotFitIsUsedAllTheSameAndNotCounted() {
        store.numericColumn("price");
        budget.take(CAPACITY - budget.used() - budget.cached() - 1_000);

        FacetColumn brands = store.facetColumn("brand");

        assertThat(brands.valueCount()).as("a whole column").isEqualTo(2_000);
        assertThat(brands.text(brands.id(brands.start(7)))).isEqualTo("brand 7");
        assertThat(budget.used() + budget.cached()).isLessThanOrEqualTo(CAPACITY);
        assertThat(store.cachedBytes())
                .as("the store's other caches gave way, in vain")
                .isZero();
        assertThat(store.facetColumn("brand"))
                .as("held softly for the next ask while the heap has room")
                .isSameAs(brands);
    }

    @Test
    void aStoreNoIndexHoldsGivesItsCachesBack() {
        store.facetColumn("brand");
        assertThat(budget.cached()).isPositive();

        store.countCachesIn(null);

        assertThat(budget.cached()).isZero();
        assertThat(store.facetColumn("brand")).isNotNull();
        assertThat(budget.cached()).as("counted nowhere now").isZero();
    }

    @Test
    void atMostSixtyFourColumnsOfAKindAreKept() {
        for (int i = 0; i < 200; i++) {
            store.numericColumn("missing" + i);
        }
        long oneColumn = store.numericColumn("another").heapBytes();

        assertThat(store.cachedBytes()).isLessThanOrEqualTo(StoreCaches.MAX_PER_KIND * oneColumn);
        assertThat(budget.cached()).isEqualTo(store.cachedBytes());
    }
}
