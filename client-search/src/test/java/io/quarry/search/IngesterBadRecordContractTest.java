package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonValue;
import io.quarry.core.ApiClient;
import io.quarry.core.BadRequestException;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.Host;
import io.quarry.core.InvalidRequestException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A record or update the service refuses, handed to an ingester among good ones: the service refuses a batch holding
 * one whole, so the ingester refuses it as it is handed in ({@code InvalidRequestException}, blocking and
 * asynchronous forms), and the good records of the same chunk are all written. Each case is first sent to the mock
 * server on its own, to show that the service does refuse it.
 */
@Timeout(60)
class IngesterBadRecordContractTest {

    @org.junit.jupiter.api.extension.RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(MOCK.server(), MOCK.server().adminKey()).build());

    /** Writes each bad operation's body as it is, so the batch carrying it reaches the service unchecked. */
    @AutoClose
    private static final ApiClient RAW = ApiClient.create(
            ClientConfig.builder("SERIALISES", "only")
                    .hosts(Host.of("http://127.0.0.1:9"))
                    .build(),
            ClientModule.of("Search", SearchClient.class, DefaultHosts.searchStyle()));

    /** A typed record, whose objectID the ingester reads from its JSON. */
    public record Product(String objectID, String name) {}

    /** A record whose objectID is written as a number. */
    public record Numbered(long objectID, String name) {}

    /** A record whose own serializer writes its objectID as an object: judged only as it is written. */
    @JsonSerialize(using = ObjectValuedID.Writer.class)
    public record ObjectValuedID(String name) {
        static final class Writer extends ValueSerializer<ObjectValuedID> {
            @Override
            public void serialize(ObjectValuedID value, JsonGenerator gen, SerializationContext ctxt) {
                gen.writeStartObject();
                gen.writeName("objectID");
                gen.writeStartObject();
                gen.writeStringProperty("id", "o1");
                gen.writeEndObject();
                gen.writeStringProperty("name", value.name());
                gen.writeEndObject();
            }
        }
    }

    /** A record written as its map ({@code @JsonValue}): judged only as it is written. */
    public record Valued(@JsonValue Map<String, Object> attributes) {}

    /** One bad operation: what the batch would carry, and how a producer hands it to an ingester. */
    private record Bad(BatchOperation operation, BiFunction<Ingester, Boolean, CompletableFuture<Void>> handIn) {

        static Bad add(Object record) {
            return new Bad(BatchOperation.of(BatchAction.ADD_OBJECT, RAW.prepare(record)), (ingester, async) -> {
                if (async) {
                    return ingester.addAsync(record);
                }
                ingester.add(record);
                return CompletableFuture.completedFuture(null);
            });
        }

        static Bad update(Object attributes) {
            return new Bad(
                    BatchOperation.of(BatchAction.PARTIAL_UPDATE_OBJECT, RAW.prepare(attributes)),
                    (ingester, async) -> {
                        if (async) {
                            return ingester.partialUpdateAsync(attributes);
                        }
                        ingester.partialUpdate(attributes);
                        return CompletableFuture.completedFuture(null);
                    });
        }

        static Bad delete(String objectID) {
            return new Bad(
                    BatchOperation.of(BatchAction.DELETE_OBJECT, Map.of("objectID", objectID)), (ingester, async) -> {
                        if (async) {
                            return ingester.deleteAsync(objectID);
                        }
                        ingester.delete(objectID);
                        return CompletableFuture.completedFuture(null);
                    });
        }
    }

    static Stream<Arguments> badOperations() {
        return Stream.of(
                Arguments.of("a line of JSON handed in as text", Bad.add("{\"objectID\":\"j1\",\"name\":\"x\"}")),
                Arguments.of("a number", Bad.add(42)),
                Arguments.of("a list", Bad.add(List.of(Map.of("objectID", "l1")))),
                Arguments.of("a map with an empty objectID", Bad.add(Map.of("objectID", "", "name", "x"))),
                Arguments.of("a map with a numeric objectID", Bad.add(Map.of("objectID", 42, "name", "x"))),
                Arguments.of(
                        "a free-form record with an empty objectID",
                        Bad.add(FreeFormRecord.builder()
                                .objectID("")
                                .put("name", "x")
                                .build())),
                Arguments.of("a typed record with an empty objectID", Bad.add(new Product("", "x"))),
                Arguments.of("a typed record with a numeric objectID", Bad.add(new Numbered(42, "x"))),
                Arguments.of(
                        "a typed record whose own serializer writes its objectID as an object",
                        Bad.add(new ObjectValuedID("x"))),
                Arguments.of(
                        "a @JsonValue record with an empty objectID",
                        Bad.add(new Valued(Map.of("objectID", "", "name", "x")))),
                Arguments.of("a typed update with an empty objectID", Bad.update(new Product("", "x"))),
                Arguments.of("a typed update with a numeric objectID", Bad.update(new Numbered(7, "x"))),
                Arguments.of("an update with an empty objectID", Bad.update(Map.of("objectID", "", "name", "x"))),
                Arguments.of("an update with a numeric objectID", Bad.update(Map.of("objectID", 7, "name", "x"))),
                Arguments.of("a deletion of an empty objectID", Bad.delete("")),
                Arguments.of(
                        "a map whose objectID holds half a surrogate pair",
                        Bad.add(Map.of("objectID", "sku-\uD83D", "name", "x"))),
                Arguments.of(
                        "a typed record whose objectID holds half a surrogate pair",
                        Bad.add(new Product("\uDE00", "x"))),
                Arguments.of("a deletion of an objectID holding half a surrogate pair", Bad.delete("sku-\uD83D")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badOperations")
    void isRefusedAsItIsHandedInAndTheGoodRecordsOfItsChunkAreWritten(String what, Bad bad) throws Exception {
        SearchIndex index = client.index("bad-records");
        assertThatThrownBy(() -> index.batch(List.of(bad.operation())))
                .as("the service refuses %s", what)
                .isInstanceOf(BadRequestException.class);

        for (boolean async : new boolean[] {false, true}) {
            String first = "good-" + async + "-1";
            String second = "good-" + async + "-2";
            WriteProgress progress;
            try (Ingester ingester = index.ingester(IngesterOptions.of().flushInterval(Duration.ofMinutes(1)))) {
                ingester.add(Map.of("objectID", first));
                if (async) {
                    assertThat(bad.handIn().apply(ingester, true))
                            .failsWithin(Duration.ofSeconds(10))
                            .withThrowableThat()
                            .havingCause()
                            .isInstanceOf(InvalidRequestException.class)
                            .withMessageContaining("ingester of index bad-records did not take the");
                } else {
                    assertThatThrownBy(() -> bad.handIn().apply(ingester, false))
                            .isInstanceOf(InvalidRequestException.class)
                            .hasMessageContaining("ingester of index bad-records did not take the");
                }
                ingester.add(Map.of("objectID", second));
                progress = ingester.flush();
            }
            assertThat(progress.recordsFailed())
                    .as("records failed with %s", what)
                    .isZero();
            assertThat(progress.recordsAcknowledged()).isEqualTo(2);
        }
    }
}
