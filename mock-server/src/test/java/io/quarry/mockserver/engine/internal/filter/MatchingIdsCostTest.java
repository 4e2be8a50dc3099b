package io.quarry.mockserver.engine.internal.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.internal.index.FacetColumn;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import io.quarry.mockserver.engine.internal.search.Faceting;
import io.quarry.mockserver.internal.json.Json;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A facet filter holds the ids of the values it matches, not a set the size of its facet's column: a thousand
 * filters on a facet of 100,000 values made a thousand sets of 100,000 bits each (12.5 KB a filter) to hold a value
 * or two each.
 */
class MatchingIdsCostTest {

    private static final int RECORDS = 2_000;
    private static final int TAGS_PER_RECORD = 50;

    private final RecordStore store = new RecordStore();
    private final Faceting faceting = Faceting.of(Json.array().add("tags"));

    @Test
    void aFilterHoldsTheIdsItMatchesWhateverTheColumnsSize() {
        for (int r = 0; r < RECORDS; r++) {
            ObjectNode record = Json.object().put("objectID", "r" + r);
            ArrayNode tags = record.putArray("tags");
            for (int t = 0; t < TAGS_PER_RECORD; t++) {
                tags.add("tag-" + r + "-" + t);
            }
            store.put(record);
        }
        // one text and one number that a filter's value "42" matches, and a text folding like another
        store.put(Json.object()
                .put("objectID", "n")
                .set("tags", Json.array().add("42").add(42).add("TAG-7-7")));
        FacetColumn column = store.facetColumn("tags");
        assertThat(column.valueCount()).isGreaterThan(RECORDS * TAGS_PER_RECORD);
        long[] read = {0};

        int[] one = ids("tag-1999-49", column, read);
        int[] folded = ids("Tag-7-7", column, read);
        int[] textAndNumber = ids("42", column, read);
        int[] none = ids("absent", column, read);

        assertThat(one).as("ids held for one value").hasSize(1);
        assertThat(one)
                .as("the column's look-up, not a copy for each filter")
                .isSameAs(column.idsOfText("tag-1999-49"));
        assertThat(folded).as("ids held for two values folding alike").hasSize(2);
        assertThat(textAndNumber).as("ids held for a text and a number").hasSize(2);
        assertThat(textAndNumber[0]).isLessThan(textAndNumber[1]);
        assertThat(column.text(textAndNumber[0])).isEqualTo("42");
        assertThat(column.number(textAndNumber[1])).isEqualTo(42.0);
        assertThat(none).isEmpty();
        assertThat(read[0]).as("value ids read").isEqualTo(5);
    }

    @Test
    void aRecordPassesTheFilterOfOneOfItsValues() {
        store.put(Json.object()
                .put("objectID", "a")
                .set("tags", Json.array().add("Red").add(7)));
        store.put(Json.object()
                .put("objectID", "b")
                .set("tags", Json.array().add("blue").add("7")));
        store.put(Json.object().put("objectID", "c").set("tags", Json.array().add("green")));

        assertThat(passing("red")).containsExactly("a");
        assertThat(passing("7")).containsExactly("a", "b");
        assertThat(passing("GREEN")).containsExactly("c");
        assertThat(passing("purple")).isEmpty();
    }

    private int[] ids(String value, FacetColumn column, long[] read) {
        return AtomEvaluator.matchingIds(new Atom.Facet("tags", value, false), faceting, column, read);
    }

    private List<String> passing(String value) {
        RecordFilter filter = AtomEvaluator.compile(new Atom.Facet("tags", value, false), faceting, store);
        return Stream.of("a", "b", "c")
                .filter(id -> filter.test(store.get(id), store.get(id).ordinal()))
                .toList();
    }
}
