package io.quarry.mockserver.engine.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Columns extended write after write read the same values as columns built afresh. */
class ColumnsTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void extendedColumnsEqualFreshOnes() {
        RecordStore store = new RecordStore();
        Random random = new Random(16);
        for (int step = 0; step < 3000; step++) {
            int id = random.nextInt(400);
            switch (random.nextInt(10)) {
                case 0, 1 -> store.remove("r" + id);
                case 2 -> {
                    if (random.nextInt(50) == 0) {
                        store.clear();
                    }
                }
                default -> store.put(record(id, random));
            }
            if (step % 7 == 0) {
                for (String path : List.of("n", "tags", "nested.v")) {
                    assertSame(store, store.facetColumn(path), FacetColumn.build(store, path));
                    assertSame(store, store.numericColumn(path), NumericColumn.build(store, path));
                }
            }
        }
    }

    private static ObjectNode record(int id, Random random) {
        ObjectNode record = NODES.objectNode().put("objectID", "r" + id);
        switch (random.nextInt(4)) {
            case 0 -> record.put("n", random.nextInt(5));
            case 1 -> record.put("n", "v" + random.nextInt(5));
            case 2 -> record.putArray("n").add(random.nextInt(3)).add("x");
            default -> {
                // No value at all.
            }
        }
        if (random.nextBoolean()) {
            record.putArray("tags").add("t" + random.nextInt(3)).add(random.nextBoolean());
        }
        record.putObject("nested").put("v", random.nextDouble());
        return record;
    }

    private static void assertSame(RecordStore store, FacetColumn extended, FacetColumn fresh) {
        for (int ordinal = 0; ordinal < store.ordinalLimit(); ordinal++) {
            if (store.at(ordinal) != null) {
                assertThat(values(extended, ordinal)).isEqualTo(values(fresh, ordinal));
            }
        }
    }

    private static List<String> values(FacetColumn column, int ordinal) {
        List<String> values = new ArrayList<>();
        for (int position = column.start(ordinal); position < column.end(ordinal); position++) {
            int id = column.id(position);
            values.add(column.text(id) + "/" + column.number(id));
        }
        return values;
    }

    private static void assertSame(RecordStore store, NumericColumn extended, NumericColumn fresh) {
        for (int ordinal = 0; ordinal < store.ordinalLimit(); ordinal++) {
            if (store.at(ordinal) != null) {
                assertThat(extended.regular(ordinal)).isEqualTo(fresh.regular(ordinal));
                if (fresh.regular(ordinal)) {
                    assertThat(Double.valueOf(extended.value(ordinal))).isEqualTo(Double.valueOf(fresh.value(ordinal)));
                }
            }
        }
    }
}
