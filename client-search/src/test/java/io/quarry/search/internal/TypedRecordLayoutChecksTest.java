package io.quarry.search.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.annotation.JsonValue;
import io.quarry.core.ApiClient;
import io.quarry.core.InvalidRequestException;
import io.quarry.search.model.AttributeOperation;
import io.quarry.search.model.BatchOperation;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A typed record whose class's layout tells its objectID (a {@code String} property of a plain bean or record, a
 * subclass's or a computed getter's included) is judged as its chunk is made and written without the objectID watch;
 * so is a typed update whose class can carry no cumulative operation. A record of any other class (its own
 * serializer, {@code @JsonValue}, an objectID that is not a {@code String}, an update with an {@code Object}- or
 * operation-typed member) keeps the watch, which still refuses it as the chunk's request writes it.
 */
class TypedRecordLayoutChecksTest {

    private static final ApiClient API = TestQueues.api();

    @AfterAll
    static void close() {
        API.close();
    }

    public record Product(String objectID, String name, List<String> tags, double price) {}

    public static class Base {
        private final String id;

        public Base(String id) {
            this.id = id;
        }

        public String getObjectID() {
            return id;
        }
    }

    public static class Sub extends Base {
        public Sub(String id) {
            super(id);
        }

        public int getStock() {
            return 3;
        }
    }

    /** An objectID computed from another field. */
    public static final class Computed {
        private final String sku;

        public Computed(String sku) {
            this.sku = sku;
        }

        public String getSku() {
            return sku;
        }

        public String getObjectID() {
            return sku.isEmpty() ? "" : "p-" + sku;
        }
    }

    public record Numbered(long objectID, String name) {}

    public record Valued(@JsonValue Map<String, Object> attributes) {}

    static final class NumberID extends ValueSerializer<Custom> {
        @Override
        public void serialize(Custom value, JsonGenerator gen, SerializationContext ctxt) {
            gen.writeStartObject();
            gen.writeNumberProperty("objectID", value.id());
            gen.writeEndObject();
        }
    }

    @JsonSerialize(using = NumberID.class)
    public record Custom(int id) {}

    public record Counter(String objectID, AttributeOperation count) {}

    public record Loose(String objectID, Object extra) {}

    /** Counts its objectID's reads: the layout reads it once as the chunk is made, the request once as it writes. */
    public record Counted(String objectID, String name) {
        static final AtomicInteger READS = new AtomicInteger();

        @Override
        public String objectID() {
            READS.incrementAndGet();
            return objectID;
        }
    }

    private static CheckedOperations saves(Object... records) {
        return (CheckedOperations) ChunkedWriter.saves(List.of(records), 10, false, API);
    }

    private static CheckedOperations updates(Object... records) {
        return (CheckedOperations) ChunkedWriter.partialUpdates(List.of(records), 10, true, API);
    }

    @Test
    void plainTypedRecordsAreJudgedAsTheChunkIsMadeAndNotWatched() {
        CheckedOperations operations =
                saves(new Product("p", "n", List.of("t"), 1), new Sub("s"), new Computed("7"), new Base("b"));

        for (int i = 0; i < operations.size(); i++) {
            assertThat(operations.watched(i)).as("record %d", i).isFalse();
        }
    }

    @Test
    void recordsTheLayoutCannotTellAreWatched() {
        CheckedOperations operations = saves(
                new Numbered(1, "n"),
                new Valued(Map.of("objectID", "v")),
                new Custom(1),
                Map.of("objectID", "m"),
                API.prepare(Map.of("objectID", "j")));

        assertThat(operations.watched(0)).as("a numeric objectID").isTrue();
        assertThat(operations.watched(1)).as("a @JsonValue").isTrue();
        assertThat(operations.watched(2)).as("its own serializer").isTrue();
        assertThat(operations.watched(3)).as("a map, judged on the object").isFalse();
        assertThat(operations.watched(4))
                .as("JSON written ahead, judged on the object")
                .isFalse();
    }

    @Test
    void aBadObjectIDOfAPlainTypedRecordIsRefusedAsTheChunkIsMade() {
        assertThat(refusalOf(new Product("p", "n", List.of(), 1), new Product("", "n", List.of(), 1)))
                .startsWith("record 11 of the input cannot be saved, so its chunk was not sent: ")
                .contains("its objectID is empty");
        assertThat(refusalOf(new Sub("x\uD800"))).contains("half of a UTF-16 surrogate pair alone");
        assertThat(refusalOf(new Computed(""))).contains("its objectID is empty");
    }

    @Test
    void aBadObjectIDOfAWatchedRecordIsStillRefusedAsItIsWritten() {
        for (Object record : List.of(new Numbered(1, "n"), new Custom(1), new Valued(Map.of("objectID", 2)))) {
            ChunkBody body = new ChunkBody(saves(new Product("p", "n", List.of(), 1), record), 10, null);

            Throwable thrown = catchThrowable(() -> json(body));

            assertThat(thrown).as(record.toString()).isNotNull();
            assertThat(body.refusal())
                    .as(record.toString())
                    .hasMessageStartingWith("record 11 of the input cannot be saved")
                    .hasMessageContaining("its objectID is a number, not a string");
        }
    }

    public record Flagged(boolean objectID) {}

    public record MapValued(Map<String, Integer> objectID) {}

    public record Inner(long objectID) {}

    public record Nested(String objectID, Inner inner, List<Inner> list) {}

    /** What the watch refuses (ObjectIDWatchTest) is refused on the path chunks take, whichever side judges it. */
    @Test
    void everyCaseTheWatchCatchesIsCaughtOnTheChunkedWritesPath() {
        assertThat(refusalOfWritten(new Flagged(true))).contains("its objectID is a boolean, not a string");
        assertThat(refusalOfWritten(new MapValued(Map.of("a", 1)))).contains("its objectID is an object, not a string");
        assertThat(refusalOf(new Product("", "n", List.of(), 1))).contains("its objectID is empty");
        assertThat(refusalOf(new Product("x\uD83D", "n", List.of(), 1)))
                .contains("half of a UTF-16 surrogate pair alone");

        ChunkBody fine = new ChunkBody(
                saves(new Nested("n1", new Inner(1), List.of(new Inner(2))), new Product("123", "n", List.of(), 1)),
                10,
                null);
        assertThat(json(fine)).contains("\"objectID\":\"n1\"", "\"objectID\":1", "\"objectID\":\"123\"");
        assertThat(fine.refusal()).isNull();
    }

    /** The refusal of a record watched as its chunk's request writes it. */
    private static String refusalOfWritten(Object record) {
        CheckedOperations operations = saves(record);
        assertThat(operations.watched(0)).isTrue();
        ChunkBody body = new ChunkBody(operations, 10, null);
        catchThrowable(() -> json(body));
        return body.refusal() == null ? "" : body.refusal().getMessage();
    }

    @Test
    void anUpdateIsUnwatchedOnlyWhenItsClassCanCarryNoOperation() {
        CheckedOperations operations = updates(
                new Product("p", "n", List.of(), 1),
                new Counter("c", AttributeOperation.increment(1)),
                new Loose("l", Map.of("_operation", "Add", "value", 1)));

        assertThat(operations.watched(0)).isFalse();
        assertThat(operations.watched(1)).isTrue();
        assertThat(operations.watched(2)).isTrue();
        ChunkBody body = new ChunkBody(operations, 10, null);
        assertThat(body.watchesUpdates()).isTrue();
        assertThat(new ChunkBody(updates(new Product("p", "n", List.of(), 1)), 10, null).watchesUpdates())
                .isFalse();
    }

    @Test
    void theWatchedUpdatesStillNoteTheirCumulativeOperation() {
        ChunkBody body = new ChunkBody(
                updates(new Product("p", "n", List.of(), 1), new Loose("l", Map.of("_operation", "Add", "value", 1))),
                10,
                null);

        json(body);

        assertThat(body.cumulativeWritten()).isTrue();
    }

    @Test
    void unwatchedRecordsAreWrittenAsTheWatchedOnesWere() {
        List<Object> records = List.of(new Product("p", "n", List.of("a", "b"), 2.5), new Sub("s"), new Computed("c"));
        // a plain list: every typed record through the watch, as before
        List<BatchOperation> watchedOps = List.copyOf(saves(records.toArray()));
        ChunkBody watched = new ChunkBody(watchedOps, 10, null);
        ChunkBody unwatched = new ChunkBody(saves(records.toArray()), 10, null);

        assertThat(json(unwatched)).isEqualTo(json(watched));
    }

    @Test
    void aPlainRecordIsSerialisedOnceAndItsObjectIDReadOnceMoreAsTheChunkIsMade() {
        Counted.READS.set(0);
        ChunkBody body = new ChunkBody(saves(new Counted("a", "n"), new Counted("b", "n")), 10, null);
        assertThat(Counted.READS.get()).as("reads as the chunk is made").isEqualTo(2);

        json(body);

        assertThat(Counted.READS.get())
                .as("and by the request's one serialisation")
                .isEqualTo(4);
    }

    /** The body as the client writes it in a request. */
    private static String json(Object body) {
        return API.prepare(body).json();
    }

    private static String refusalOf(Object... records) {
        Throwable thrown = catchThrowable(() -> saves(records));
        assertThat(thrown).isInstanceOf(InvalidRequestException.class);
        return thrown.getMessage();
    }
}
