package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class IndexDataTest {

    @Test
    void storesReplacesAndRemovesRecords() {
        IndexData data = new IndexData();
        data.write(w -> {
            w.put(Fixture.json("{'objectID':'b','title':'second'}"));
            w.put(Fixture.json("{'objectID':'a','title':'first'}"));
            return null;
        });
        assertThat(data.size()).isEqualTo(2);
        assertThat(data.get("a").get("title").asString()).isEqualTo("first");
        data.write(w -> {
            w.put(Fixture.json("{'objectID':'a','other':1}"));
            return w.remove("b");
        });
        assertThat(data.get("a").has("title")).isFalse();
        assertThat(data.get("b")).isNull();
        assertThat(data.records()).extracting(r -> r.get("objectID").asString()).containsExactly("a");
        assertThat(data.dataSize()).isPositive();
    }

    @Test
    void handsOutCopies() {
        IndexData data = new IndexData();
        data.write(w -> {
            w.put(Fixture.json("{'objectID':'a','title':'first'}"));
            return null;
        });
        ObjectNode copy = data.get("a");
        copy.put("title", "changed");
        assertThat(data.get("a").get("title").asString()).isEqualTo("first");
        data.records().get(0).put("title", "changed");
        assertThat(data.get("a").get("title").asString()).isEqualTo("first");
    }

    @Test
    void undoesAFailedGroup() {
        IndexData data = new IndexData();
        data.write(w -> {
            w.put(Fixture.json("{'objectID':'a','v':1}"));
            w.put(Fixture.json("{'objectID':'b','v':1}"));
            return null;
        });
        assertThatThrownBy(() -> data.write(w -> {
                    w.put(Fixture.json("{'objectID':'a','v':2}"));
                    w.remove("b");
                    w.put(Fixture.json("{'objectID':'c','v':2}"));
                    throw new IllegalStateException("boom");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(data.get("a").get("v").asInt()).isEqualTo(1);
        assertThat(data.get("b")).isNotNull();
        assertThat(data.get("c")).isNull();
        assertThatThrownBy(() -> data.write(w -> {
                    w.put(Fixture.json("{'objectID':'d','v':2}"));
                    w.clear();
                    w.put(Fixture.json("{'objectID':'e','v':2}"));
                    throw new IllegalStateException("boom");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(data.records()).extracting(r -> r.get("objectID").asString()).containsExactly("a", "b");
    }

    @Test
    void clearEmptiesTheIndex() {
        Fixture f = new Fixture().records("{'objectID':'a','t':'hello'}");
        f.data.write(w -> {
            w.clear();
            return null;
        });
        assertThat(f.data.size()).isZero();
        assertThat(f.ids("{'query':'hello'}")).isEmpty();
    }

    @Test
    void rejectsARecordWithoutObjectID() {
        IndexData data = new IndexData();
        assertThatThrownBy(() -> data.write(w -> {
                    w.put(Fixture.json("{'title':'x'}"));
                    return null;
                }))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void survivesManyReplacementsThroughCompaction() {
        IndexData data = new IndexData();
        for (int round = 0; round < 5; round++) {
            int r = round;
            data.write(w -> {
                for (int i = 0; i < 1500; i++) {
                    w.put(Fixture.json("{'objectID':'" + i + "','word':'w" + r + "'}"));
                }
                return null;
            });
        }
        assertThat(data.size()).isEqualTo(1500);
        Fixture f = new Fixture();
        ObjectNode response =
                f.engine.search(data, f.config(), Fixture.json("{'query':'w4'}"), SearchContext.unrestricted("t"));
        assertThat(response.get("nbHits").asInt()).isEqualTo(1500);
        response = f.engine.search(data, f.config(), Fixture.json("{'query':'w3 '}"), SearchContext.unrestricted("t"));
        assertThat(response.get("nbHits").asInt()).isZero();
    }

    @Test
    void searchesFindRecordsRestoredAcrossCompactionAndClear() {
        IndexData data = new IndexData();
        data.write(w -> {
            for (int i = 0; i < 1500; i++) {
                w.put(Fixture.json("{'objectID':'k" + i + "','word':'"
                        + List.of("alpha", "bravo", "delta").get(i % 3) + "'}"));
            }
            return null;
        });
        // Replacing every record twice compacts the store (a new word dictionary) before the group fails.
        assertThatThrownBy(() -> data.write(w -> {
                    for (int round = 0; round < 2; round++) {
                        for (int i = 0; i < 1500; i++) {
                            w.put(Fixture.json("{'objectID':'k" + i + "','word':'temp'}"));
                        }
                    }
                    throw new IllegalStateException("boom");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(nbHits(data, "bravo")).isEqualTo(500);
        assertThat(nbHits(data, "temp")).isZero();
        assertThatThrownBy(() -> data.write(w -> {
                    w.clear();
                    w.put(Fixture.json("{'objectID':'x','word':'temp'}"));
                    throw new IllegalStateException("boom");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(nbHits(data, "delta")).isEqualTo(500);
        assertThat(nbHits(data, "detla")).as("one typo").isEqualTo(500);
        assertThat(nbHits(data, "alp")).as("prefix").isEqualTo(500);
        assertThat(nbHits(data, "temp")).isZero();
    }

    private static int nbHits(IndexData data, String query) {
        Fixture f = new Fixture();
        ObjectNode request = Fixture.JSON.createObjectNode().put("query", query);
        return f.engine
                .search(data, f.config(), request, SearchContext.unrestricted("t"))
                .get("nbHits")
                .asInt();
    }
}
