package io.quarry.mockserver.engine.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The table of ordinals by objectID answers as a hash map would, through adds, removals and growth. */
class OrdinalTableTest {

    @Test
    void answersLikeAMap() {
        List<String> idsByOrdinal = new ArrayList<>();
        OrdinalTable table = new OrdinalTable(idsByOrdinal::get);
        Map<String, Integer> expected = new HashMap<>();
        Random random = new Random(16);
        for (int step = 0; step < 50_000; step++) {
            String id = "id" + random.nextInt(3000);
            if (random.nextInt(3) == 0) {
                Integer removed = expected.remove(id);
                assertThat(table.remove(id)).isEqualTo(removed == null ? -1 : removed);
            } else if (!expected.containsKey(id)) {
                idsByOrdinal.add(id);
                int ordinal = idsByOrdinal.size() - 1;
                table.add(id, ordinal);
                expected.put(id, ordinal);
            }
            if (step % 100 == 0) {
                for (int i = 0; i < 3000; i++) {
                    String probe = "id" + i;
                    assertThat(table.get(probe)).isEqualTo(expected.getOrDefault(probe, -1));
                }
            }
            assertThat(table.size()).isEqualTo(expected.size());
        }
    }
}
