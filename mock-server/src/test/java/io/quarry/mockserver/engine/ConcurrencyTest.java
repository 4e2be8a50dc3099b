package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class ConcurrencyTest {

    private static final int WRITERS = 3;
    private static final int GROUPS_PER_WRITER = 150;

    @Test
    void parallelWritersLoseNothingAndReadersNeverSeeHalfAGroup() throws Exception {
        Fixture fixture = new Fixture().settings("{'attributesForFaceting':['writer']}");
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS + 2);
        AtomicBoolean writing = new AtomicBoolean(true);
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(pool.submit(() -> {
                    for (int g = 0; g < GROUPS_PER_WRITER; g++) {
                        int group = g;
                        fixture.data.write(rw -> {
                            rw.put(Fixture.json("{'objectID':'w" + writer + "-" + group + "-a','writer':'w" + writer
                                    + "','text':'pair alpha'}"));
                            rw.put(Fixture.json("{'objectID':'w" + writer + "-" + group + "-b','writer':'w" + writer
                                    + "','text':'pair beta'}"));
                            return null;
                        });
                    }
                    return null;
                }));
            }
            List<Future<Integer>> readers = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                readers.add(pool.submit(() -> {
                    int odd = 0;
                    for (int i = 0; i < 2000 && writing.get(); i++) {
                        ObjectNode response = fixture.engine.search(
                                fixture.data,
                                fixture.config(),
                                Fixture.json("{'query':'pair','hitsPerPage':0,'facets':['writer']}"),
                                SearchContext.unrestricted("t"));
                        if (response.get("nbHits").asInt() % 2 != 0) {
                            odd++;
                        }
                        for (var count : response.get("facets").path("writer")) {
                            odd += count.asInt() % 2;
                        }
                    }
                    return odd;
                }));
            }
            for (Future<?> writer : writers) {
                writer.get(60, TimeUnit.SECONDS);
            }
            writing.set(false);
            for (Future<Integer> reader : readers) {
                assertThat(reader.get(60, TimeUnit.SECONDS)).isZero();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(fixture.data.size()).isEqualTo(WRITERS * GROUPS_PER_WRITER * 2);
        assertThat(fixture.search("{'query':'beta','hitsPerPage':0}")
                        .get("nbHits")
                        .asInt())
                .isEqualTo(WRITERS * GROUPS_PER_WRITER);
    }

    @Test
    void aGroupThatMovesRecordsIsSeenWholeOrNotAtAll() throws Exception {
        Fixture fixture = new Fixture().settings("{'attributesForFaceting':['side']}");
        fixture.data.write(w -> {
            for (int i = 0; i < 40; i++) {
                w.put(Fixture.json("{'objectID':'r" + i + "','side':'left','text':'token'}"));
            }
            return null;
        });
        ExecutorService pool = Executors.newFixedThreadPool(2);
        AtomicBoolean moving = new AtomicBoolean(true);
        try {
            Future<?> mover = pool.submit(() -> {
                for (int round = 0; round < 300; round++) {
                    String from = round % 2 == 0 ? "left" : "right";
                    String to = round % 2 == 0 ? "right" : "left";
                    fixture.data.write(w -> {
                        // Deletes then re-adds every record on the other side: 80 changes in one group.
                        for (int i = 0; i < 40; i++) {
                            w.remove("r" + i);
                        }
                        for (int i = 0; i < 40; i++) {
                            w.put(Fixture.json("{'objectID':'r" + i + "','side':'" + to + "','text':'token'}"));
                        }
                        return from;
                    });
                }
                moving.set(false);
                return null;
            });
            Future<Integer> reader = pool.submit(() -> {
                int inconsistent = 0;
                for (int i = 0; i < 3000 && moving.get(); i++) {
                    ObjectNode response = fixture.engine.search(
                            fixture.data,
                            fixture.config(),
                            Fixture.json("{'query':'token','hitsPerPage':0,'facets':['side']}"),
                            SearchContext.unrestricted("t"));
                    var sides = response.get("facets").get("side");
                    if (response.get("nbHits").asInt() != 40 || sides.size() != 1) {
                        inconsistent++;
                    }
                }
                return inconsistent;
            });
            mover.get(60, TimeUnit.SECONDS);
            assertThat(reader.get(60, TimeUnit.SECONDS)).isZero();
        } finally {
            pool.shutdownNow();
        }
        assertThat(fixture.data.size()).isEqualTo(40);
    }
}
