package io.quarry.mockserver.engine.internal.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.internal.index.FacetColumn;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import io.quarry.mockserver.engine.internal.search.Faceting;
import io.quarry.mockserver.internal.json.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A personalized search's thousand optional filters, one facet value each, cost what the records' values do, not
 * their product with the facet's values or with the candidates: each filter was checked against every distinct value
 * of its facet (here 10,000), folding each, and then against every candidate, so each search took seconds.
 */
class OptionalFiltersCostTest {

    private static final int RECORDS = 1_000;
    private static final int TAGS_PER_RECORD = 10;
    /** The last records: their tags are the filters, a thousand of them. */
    private static final int FILTERED = 100;

    @Test
    void aThousandValueFiltersReadTheirOwnValuesAndEachRecordItsOwn() {
        RecordStore store = new RecordStore();
        for (int r = 0; r < RECORDS; r++) {
            ObjectNode record = Json.object().put("objectID", "r" + r);
            ArrayNode tags = record.putArray("tags");
            for (int t = 0; t < TAGS_PER_RECORD; t++) {
                tags.add("tag-" + r + "-" + t);
            }
            store.put(record);
        }
        ArrayNode filters = Json.array();
        for (int r = RECORDS - FILTERED; r < RECORDS; r++) {
            for (int t = 0; t < TAGS_PER_RECORD; t++) {
                filters.add("tags:tag-" + r + "-" + t + "<score=" + (1 + t) + ">");
            }
        }
        long[] valuesRead = {0};
        long[] scoringRead = {0};

        OptionalFilters compiled = OptionalFilters.compile(
                OptionalFilters.parse(filters), false, Faceting.of(Json.array().add("tags")), store, valuesRead);
        for (int r = 0; r < RECORDS; r++) {
            int score = compiled.score(store.get("r" + r), scoringRead);
            assertThat(score).as("r%d", r).isEqualTo(r < RECORDS - FILTERED ? 0 : 55);
        }

        // every value for every filter: 10 million; every filter for every record: a million
        int recordValues = RECORDS * TAGS_PER_RECORD;
        assertThat(valuesRead[0]).as("facet values read compiling").isLessThanOrEqualTo(filters.size());
        assertThat(scoringRead[0]).as("values and filters read scoring").isLessThanOrEqualTo(2L * recordValues);
        FacetColumn column = store.facetColumn("tags");
        assertThat(column.idsOfText("tag-999-9"))
                .as("the column's look-up, folding each value once, is built once")
                .hasSize(1)
                .isSameAs(column.idsOfText("tag-999-9"));
    }
}
