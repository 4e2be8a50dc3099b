package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.PartialWriteException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A chunked write holding a record the service would refuse (an empty or numeric objectID, or one holding half a
 * surrogate pair alone, text instead of an object, a partial update without objectID, an empty objectID to delete) or one the SDK's mapping cannot write
 * refuses it before its chunk is sent, naming its position: the chunks before it are written, nothing of its chunk
 * is, and the report says exactly that. Before, the chunk was sent and refused whole by the service (or failed while
 * it was serialised), and reported as a chunk sent and not acknowledged, which may or may not have been applied.
 */
@Timeout(30)
class ChunkedWriteRefusedRecordContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final AtomicInteger INDICES = new AtomicInteger();

    /** The position of the refused record: the second record of chunk 1 (chunks of 2). */
    private static final int REFUSED = 3;

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("refusals-" + INDICES.incrementAndGet());

    /** A product whose name cannot be read. */
    public record Unwritable(String objectID, String name) {
        @Override
        public String name() {
            throw new IllegalStateException("the name is not loaded");
        }
    }

    /** A record whose objectID is written as a number. */
    public record Numbered(long objectID, String name) {}

    /** A record whose objectID is text that reads as a number: a string all the same. */
    public record Sku(String objectID, String name) {}

    /** A chunked write of five inputs, the one at {@link #REFUSED} replaced by a refused one. */
    private record Case(String write, Object refused, String problem) {
        @Override
        public String toString() {
            return write + " of " + refused.getClass().getSimpleName() + " (" + problem + ")";
        }
    }

    static Stream<Arguments> cases() {
        List<Case> cases = List.of(
                new Case("save", Map.of("objectID", 42, "name", "x"), "its objectID is a number, not a string"),
                new Case("save", Map.of("objectID", "", "name", "x"), "its objectID is empty"),
                new Case(
                        "save",
                        FreeFormRecord.of(Map.of("objectID", 7, "name", "x")),
                        "its objectID is a number, not a string"),
                new Case("save", "{\"objectID\":\"p3\"}", "written as a string"),
                new Case("save", new Numbered(3, "x"), "its objectID is a number, not a string"),
                new Case("save", new Unwritable("p3", "x"), "cannot be serialised"),
                new Case("update", Map.of("name", "x"), "has none"),
                new Case("update", Map.of("objectID", 3, "name", "x"), "its objectID is a number, not a string"),
                new Case("update", new Unwritable("p3", "x"), "cannot be serialised"),
                new Case("save", Map.of("objectID", "p\uD83D", "name", "x"), "half of a UTF-16 surrogate pair alone"),
                new Case("delete", "", "its objectID is empty"),
                new Case("delete", "p\uDE00", "half of a UTF-16 surrogate pair alone"));
        return cases.stream().flatMap(c -> Stream.of(Arguments.of(c, false), Arguments.of(c, true)));
    }

    @ParameterizedTest(name = "{0}, async {1}")
    @MethodSource("cases")
    void theRecordIsRefusedBeforeItsChunkIsSent(Case refusal, boolean async) {
        List<String> ids = IntStream.range(0, 5).mapToObj(i -> "p" + i).toList();
        if (!refusal.write().equals("save")) {
            index.saveObjects(
                    records(ids, "old"), BatchOptions.of().waitingForTasks().waitPolicy(FAST));
        }
        ChunkEventLog listener = new ChunkEventLog();
        BatchOptions options = BatchOptions.of()
                .chunkSize(2)
                .waitingForTasks()
                .waitPolicy(FAST)
                .listener(listener);

        Throwable thrown = catchThrowable(() -> write(refusal, ids, options, async));

        Throwable error = thrown instanceof CompletionException ? thrown.getCause() : thrown;
        assertThat(error).isInstanceOfSatisfying(PartialWriteException.class, partial -> {
            assertThat(partial.reason()).isEqualTo(PartialWriteException.Reason.SOURCE_FAILED);
            assertThat(partial.getCause())
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("record " + REFUSED + " of the input cannot be")
                    .hasMessageContaining(refusal.problem());
            assertThat(partial.acknowledged())
                    .extracting(PartialWriteException.Chunk::index)
                    .containsExactly(0);
            assertThat(partial.notAcknowledged()).isEmpty();
            assertThat(partial.firstUnsentRecord()).isEqualTo(2);
        });
        assertThat(listener.calls()).containsExactly("sent 0", "acknowledged 0");
        // chunk 0 was applied (its task waited for), nothing of chunk 1 nor after it
        Map<String, String> stored = stored();
        switch (refusal.write()) {
            case "save" -> assertThat(stored).containsOnlyKeys("p0", "p1");
            case "update" ->
                assertThat(stored)
                        .containsExactlyInAnyOrderEntriesOf(
                                Map.of("p0", "new", "p1", "new", "p2", "old", "p3", "old", "p4", "old"));
            default -> assertThat(stored).containsOnlyKeys("p2", "p3", "p4");
        }
    }

    @ParameterizedTest(name = "async {0}")
    @ValueSource(booleans = {false, true})
    void aTypedRecordWhoseObjectIDReadsAsANumberIsWrittenAsText(boolean async) {
        List<Sku> records = List.of(new Sku("123", "x"), new Sku("-4", "y"), new Sku("5e3", "z"), new Sku("true", "w"));
        BatchOptions options = BatchOptions.of().chunkSize(2).waitingForTasks().waitPolicy(FAST);

        WriteSummary summary =
                async ? index.saveObjectsAsync(records, options).join() : index.saveObjects(records, options);

        assertThat(summary.records()).isEqualTo(4);
        assertThat(stored()).containsOnlyKeys("123", "-4", "5e3", "true");
    }

    private void write(Case refusal, List<String> ids, BatchOptions options, boolean async) {
        List<Object> inputs = new ArrayList<>(refusal.write().equals("delete") ? ids : records(ids, "new"));
        inputs.set(REFUSED, refusal.refused());
        CompletableFuture<WriteSummary> future;
        switch (refusal.write()) {
            case "save" -> {
                if (!async) {
                    index.saveObjects(inputs, options);
                    return;
                }
                future = index.saveObjectsAsync(inputs, options);
            }
            case "update" -> {
                if (!async) {
                    index.partialUpdateObjects(inputs, options);
                    return;
                }
                future = index.partialUpdateObjectsAsync(inputs, options);
            }
            default -> {
                List<String> deleted = inputs.stream().map(String.class::cast).toList();
                if (!async) {
                    index.deleteObjects(deleted, options);
                    return;
                }
                future = index.deleteObjectsAsync(deleted, options);
            }
        }
        future.join();
    }

    private static List<Object> records(List<String> ids, String name) {
        return ids.stream()
                .<Object>map(id -> Map.of("objectID", id, "name", name))
                .toList();
    }

    /** {@return each stored record's name by objectID} */
    private Map<String, String> stored() {
        Map<String, String> names = new java.util.HashMap<>();
        for (FreeFormRecord record : index.browseObjects(FreeFormRecord.class)) {
            names.put(record.objectID().orElseThrow(), String.valueOf(record.get("name")));
        }
        return names;
    }
}
