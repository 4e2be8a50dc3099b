package io.quarry.insights.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An event's objectData keeps its own copy of each record's data: the caller's map changed later changes nothing. */
class EventObjectDataTest {

    @Test
    void eachRecordsDataIsCopiedAndUnmodifiable() {
        Map<String, Object> data = new HashMap<>(Map.of("price", 10));
        InsightsEvent event = InsightsEvent.conversion("Bought", "products", "u1")
                .objectIDs(List.of("p1", "p2"))
                .objectData(Arrays.asList(data, null));

        data.put("price", 99);

        assertThat(event.objectData()).containsExactly(Map.of("price", 10), null);
        assertThatThrownBy(() -> event.objectData().get(0).put("price", 1))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aRecordsNestedDataIsCopiedToo() {
        List<Object> sizes = new ArrayList<>(List.of("M"));
        InsightsEvent event = InsightsEvent.conversion("Bought", "products", "u1")
                .objectIDs(List.of("p1"))
                .objectData(List.of(Map.of("price", 10, "sizes", sizes)));

        sizes.add("L");

        assertThat(event.objectData()).containsExactly(Map.of("price", 10, "sizes", List.of("M")));
        assertThat(event)
                .isEqualTo(InsightsEvent.conversion("Bought", "products", "u1")
                        .objectIDs(List.of("p1"))
                        .objectData(List.of(Map.of("price", 10, "sizes", List.of("M")))));
        assertThatThrownBy(() -> ((List<?>) event.objectData().get(0).get("sizes")).clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
