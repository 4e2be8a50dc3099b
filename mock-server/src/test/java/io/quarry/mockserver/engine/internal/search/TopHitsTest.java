package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.internal.index.RecordStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

/** The selection of a page's hits equals the head of the full sort, whatever the page size. */
class TopHitsTest {

    @Test
    void bestHitsAreTheHeadOfTheFullSort() {
        RecordStore store = new RecordStore();
        Random random = new Random(16);
        List<Hit> hits = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            store.put(JsonNodeFactory.instance.objectNode().put("objectID", "r" + i));
            Match match = new Match(random.nextInt(3), 1, random.nextInt(4), 0, random.nextInt(2));
            hits.add(new Hit(store.get("r" + i), match, 0));
        }
        Collections.shuffle(hits, random);
        Comparator<Hit> order = Comparator.<Hit>comparingInt(h -> h.match().typos())
                .thenComparingInt(h -> h.match().proximity())
                .thenComparing(Comparator.<Hit>comparingInt(h -> h.match().exactWords())
                        .reversed())
                .thenComparingLong(Hit::sequence);
        List<Hit> sorted = new ArrayList<>(hits);
        sorted.sort(order);
        for (int count : new int[] {0, 1, 20, 99, 124, 125, 300, 500, 1000}) {
            List<Hit> copy = new ArrayList<>(hits);
            assertThat(TopHits.best(copy, order, count))
                    .as("best %d", count)
                    .containsExactlyElementsOf(sorted.subList(0, Math.min(count, sorted.size())));
            assertThat(copy).as("input untouched").containsExactlyElementsOf(hits);
        }
    }
}
