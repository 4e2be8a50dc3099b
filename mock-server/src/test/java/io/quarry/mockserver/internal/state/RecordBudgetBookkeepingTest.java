package io.quarry.mockserver.internal.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.IndexData;
import io.quarry.mockserver.engine.internal.index.RecordBudget;
import io.quarry.mockserver.engine.internal.index.StoreHolds;
import io.quarry.mockserver.internal.json.Json;
import java.time.Clock;
import java.time.Duration;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * The budget of stored records counts, after every kind of write, what the stores the indices hold estimate, each
 * store once (a replica shares its primary's): saving, partially updating, deleting, clearing, moving, copying,
 * linking and unlinking replicas, deleting indices. A write that does not fit is refused whole.
 */
class RecordBudgetBookkeepingTest {

    private final Application app = new Application(Clock.systemUTC(), Duration.ZERO, List.of(), 64L << 20);
    private final RecordBudget budget = app.recordBudget();

    private static ObjectNode record(String objectID, String text) {
        ObjectNode record = Json.object();
        record.put("objectID", objectID);
        record.put("text", text);
        return record;
    }

    private void save(String index, ObjectNode... records) {
        app.write(
                index,
                state -> state.data().write(writer -> {
                    for (ObjectNode record : records) {
                        new RecordOperation.Put(record).apply(state, writer);
                    }
                    return null;
                }));
    }

    private void apply(String index, RecordOperation operation) {
        app.write(index, state -> state.data().write(writer -> operation.apply(state, writer)));
    }

    private void settings(String index, String json) {
        app.write(index, state -> {
            state.mergeSettings((ObjectNode) Json.parse(json));
            return null;
        });
    }

    /** {@return the estimate of every store the live indices hold, each counted once} */
    private long held() {
        Map<IndexData, Boolean> stores = new IdentityHashMap<>();
        app.all().forEach(state -> stores.put(state.data(), true));
        return stores.keySet().stream().mapToLong(StoreHolds::heapBytes).sum();
    }

    private long bytesOf(String index) {
        return StoreHolds.heapBytes(app.require(index).data());
    }

    @Test
    void savingUpdatingAndDeletingRecordsMoveTheCountWithTheStore() {
        assertThat(budget.used()).isZero();

        save("a", record("1", "red shoes"), record("2", "blue shirt"));
        long two = budget.used();
        assertThat(two).isPositive().isEqualTo(held()).isEqualTo(bytesOf("a"));

        save("a", record("2", "blue shirt with a very long description of its sleeves and collar"));
        long replaced = budget.used();
        assertThat(replaced)
                .as("a larger record replacing one")
                .isGreaterThan(two)
                .isEqualTo(held());

        apply(
                "a",
                new RecordOperation.Partial(
                        "2", PartialUpdate.parse((ObjectNode) Json.parse("{\"text\":\"blue\"}")), true));
        assertThat(budget.used())
                .as("a partial update shrinking it")
                .isLessThan(replaced)
                .isEqualTo(held());

        long beforeDelete = budget.used();
        apply("a", new RecordOperation.Delete("1"));
        assertThat(budget.used())
                .as("a record deleted")
                .isLessThan(beforeDelete)
                .isEqualTo(held());

        apply("a", new RecordOperation.Clear());
        assertThat(budget.used()).as("the index cleared").isZero();
        assertThat(app.find("a")).isNotNull();
    }

    @Test
    void movingCopyingAndDeletingIndicesCountEachStoreOnce() {
        save("a", record("1", "red shoes"), record("2", "blue shirt"));
        save("b", record("9", "something else entirely"));
        long a = bytesOf("a");

        app.writeMany(List.of("a", "b"), "a", states -> {
            states.get("b").takeRecordsOf(states.get("a"));
            states.get("a").requestRemoval();
            return null;
        });
        assertThat(app.find("a")).isNull();
        assertThat(budget.used())
                .as("moved: b's former records freed")
                .isEqualTo(a)
                .isEqualTo(held());

        app.writeMany(List.of("b", "c"), "b", states -> {
            states.get("c").copyRecordsOf(states.get("b"));
            return null;
        });
        assertThat(bytesOf("c")).as("a copy estimates as its source").isEqualTo(a);
        assertThat(budget.used()).as("copied: both counted").isEqualTo(2 * a).isEqualTo(held());

        apply("c", new RecordOperation.DeleteIndex());
        assertThat(app.find("c")).isNull();
        assertThat(budget.used()).as("the copy deleted").isEqualTo(a).isEqualTo(held());

        app.clear();
        assertThat(budget.used()).as("every index removed").isZero();
    }

    @Test
    void aReplicaSharingItsPrimarysRecordsCostsNothingUntilUnlinked() {
        save("p", record("1", "red shoes"), record("2", "blue shirt"));
        long p = bytesOf("p");
        settings("p", "{\"replicas\":[\"r\"]}");
        settings("r", "{\"primary\":\"p\"}");
        settings("p", "{}"); // a write locking both links them
        assertThat(app.require("r").data())
                .as("linked")
                .isSameAs(app.require("p").data());
        assertThat(budget.used()).isEqualTo(p).isEqualTo(held());

        save("p", record("3", "green hat"));
        long grown = bytesOf("p");
        assertThat(budget.used())
                .as("a write through the primary, counted once")
                .isEqualTo(grown);

        settings("p", "{\"replicas\":[]}");
        assertThat(app.require("r").data())
                .as("unlinked")
                .isNotSameAs(app.require("p").data());
        assertThat(budget.used())
                .as("the unlinked replica's own copy")
                .isEqualTo(2 * grown)
                .isEqualTo(held());

        apply("p", new RecordOperation.DeleteIndex());
        assertThat(budget.used()).isEqualTo(grown).isEqualTo(held());
    }

    @Test
    void aWriteThatDoesNotFitIsRefusedWholeAndLeavesTheCountAsItWas() {
        Application small = new Application(Clock.systemUTC(), Duration.ZERO, List.of(), 4_000);
        ObjectNode[] records = new ObjectNode[20];
        for (int i = 0; i < records.length; i++) {
            records[i] = record("r" + i, "text of record number " + i);
        }
        small.write(
                "a",
                state -> state.data().write(writer -> {
                    new RecordOperation.Put(records[0]).apply(state, writer);
                    return null;
                }));
        long one = small.recordBudget().used();

        assertThatThrownBy(() -> small.write(
                        "a",
                        state -> state.data().write(writer -> {
                            for (ObjectNode record : records) {
                                new RecordOperation.Put(record.deepCopy()).apply(state, writer);
                            }
                            return null;
                        })))
                .isInstanceOfSatisfying(
                        EngineException.class,
                        refused -> assertThat(refused.status()).isEqualTo(403))
                .hasMessageStartingWith(RecordBudget.QUOTA_EXCEEDED);
        assertThat(small.require("a").data().size())
                .as("nothing of the write applied")
                .isEqualTo(1);
        assertThat(small.recordBudget().used())
                .as("the words the refused write met stay counted, nothing else")
                .isGreaterThanOrEqualTo(one)
                .isEqualTo(StoreHolds.heapBytes(small.require("a").data()));

        assertThatThrownBy(() -> small.write(
                        "b",
                        state -> state.data().write(writer -> {
                            for (ObjectNode record : records) {
                                new RecordOperation.Put(record.deepCopy()).apply(state, writer);
                            }
                            return null;
                        })))
                .isInstanceOf(EngineException.class);
        assertThat(small.find("b"))
                .as("an index the refused write created is gone")
                .isNull();
        assertThat(small.recordBudget().used())
                .as("and counts nothing")
                .isEqualTo(StoreHolds.heapBytes(small.require("a").data()));
    }
}
