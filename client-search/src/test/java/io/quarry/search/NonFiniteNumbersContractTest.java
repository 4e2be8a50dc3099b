package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.Host;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.PartialWriteException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.FaultInjectingProxy.Action;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.Rule;
import io.quarry.search.model.RuleCondition;
import io.quarry.search.model.RuleConsequence;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A NaN or an infinity anywhere in a body or a parameter is refused before anything is sent, with the path of the
 * number in the message: seeded random records of every shape through every write, counted at a proxy in front of
 * the mock server. JSON has no such number; Jackson would write it as the string "NaN", which the service stores.
 */
@Timeout(60)
class NonFiniteNumbersContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final long SEED = Long.getLong("quarry.nonfinite.seed", 20261129L);
    private static final int SAMPLES = Integer.getInteger("quarry.nonfinite.samples", 16);

    private static final AtomicInteger REQUESTS = new AtomicInteger();
    private static FaultInjectingProxy proxy;
    private static SearchClient client;
    private static SearchClient withRecordMapper;

    @BeforeAll
    static void start() throws Exception {
        proxy = new FaultInjectingProxy(MOCK.server().url(), (n, method, path) -> {
            REQUESTS.incrementAndGet();
            return Action.FORWARD;
        });
        client = SearchClient.create(throughProxy().build());
        withRecordMapper =
                SearchClient.create(throughProxy().recordMapper(mapper -> {}).build());
    }

    private static io.quarry.core.ClientConfig.Builder throughProxy() {
        return MockServerClients.builder(MOCK.server(), MOCK.server().adminKey())
                .hosts(Host.of("http://127.0.0.1:" + proxy.port()))
                .allowInsecureHttp();
    }

    @AfterAll
    static void stop() throws Exception {
        client.close();
        withRecordMapper.close();
        proxy.close();
    }

    /** One write of a record, and the path its body gives the record. */
    private record Write(String name, String bodyPath, Function<Object, Object> call) {}

    private static List<Write> writes(SearchIndex index) {
        return List.of(
                new Write("saveObject", "$", record -> index.saveObject("r1", record)),
                new Write("partialUpdateObject", "$", record -> index.partialUpdateObject("r1", record)),
                new Write(
                        "batch",
                        "$.requests[1].body",
                        record -> index.batch(List.of(
                                BatchOperation.of(BatchAction.ADD_OBJECT, Map.of("objectID", "ok")),
                                BatchOperation.of(BatchAction.ADD_OBJECT, record)))),
                new Write(
                        "saveObjectAsync",
                        "$",
                        record -> index.saveObjectAsync("r1", record).join()));
    }

    @Test
    void aNonFiniteNumberInAnyRecordIsRefusedBeforeAnythingIsSentAndNamedByItsPath() {
        NonFiniteRecords samples = new NonFiniteRecords(SEED);
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            NonFiniteRecords.Sample sample = samples.next();
            SearchClient chosen = i % 2 == 0 ? client : withRecordMapper;
            List<Write> writes = writes(chosen.index("nonfinite"));
            Write write = writes.get(i % writes.size());
            int before = REQUESTS.get();

            Throwable thrown = catchThrowable(() -> write.call().apply(sample.record()));

            String context = "seed " + SEED + ", sample " + i + " (" + write.name() + ", "
                    + sample.record().getClass().getSimpleName() + " at " + sample.path() + ")";
            Throwable refusal = thrown instanceof java.util.concurrent.CompletionException ? thrown.getCause() : thrown;
            assertThat(refusal).as(context).isInstanceOf(InvalidRequestException.class);
            // the path in the body, or in the record when a check of the record met the number first
            assertThat(refusal.getMessage())
                    .as(context)
                    .containsAnyOf(" at " + write.bodyPath() + sample.path() + ": ", " at $" + sample.path() + ": ")
                    .contains("not a finite number");
            assertThat(REQUESTS.get()).as(context + ": requests sent").isEqualTo(before);
            seen.add(sample.record().getClass().getSimpleName());
        }
        // every shape came up
        assertThat(seen).contains("LinkedHashMap", "Priced", "Measured", "ObjectNode");
    }

    @Test
    void aRefusedRecordFailsAChunkedWriteWithNothingOfItsChunkSent() {
        NonFiniteRecords samples = new NonFiniteRecords(SEED + 1);
        List<Object> records = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            records.add(Map.of("objectID", "c" + i, "n", i));
        }
        NonFiniteRecords.Sample bad = samples.next();
        records.set(5, bad.record()); // the second record of the third chunk of two
        int before = REQUESTS.get();

        Throwable thrown = catchThrowable(() -> client.index("chunks")
                .saveObjects(records, BatchOptions.of().chunkSize(2).chunksInFlight(1)));

        String context = "seed " + (SEED + 1) + " at " + bad.path();
        assertThat(thrown).as(context).isInstanceOf(PartialWriteException.class);
        PartialWriteException report = (PartialWriteException) thrown;
        assertThat(report.getCause()).as(context).isInstanceOf(InvalidRequestException.class);
        // refused as its chunk was made: the record's position in the input, and the path in the record
        assertThat(report.getCause().getMessage())
                .as(context)
                .startsWith("record 5 of the input cannot be saved, so its chunk was not sent: ")
                .contains(" at $" + bad.path() + ": ");
        assertThat(report.reason()).as(context).isEqualTo(PartialWriteException.Reason.SOURCE_FAILED);
        assertThat(report.notAcknowledged()).as(context).isEmpty();
        assertThat(report.firstUnsentRecord()).as(context).isEqualTo(4);
        assertThat(report.acknowledgedRecords()).as(context).isEqualTo(4);
        // the two chunks before it, and nothing of the refused one
        assertThat(REQUESTS.get() - before).as(context).isEqualTo(2);
    }

    @Test
    void theIngesterRefusesTheRecordWhenItIsHandedIn() {
        int before = REQUESTS.get();
        NonFiniteRecords.Sample bad = new NonFiniteRecords(SEED + 2).next();
        try (Ingester ingester = client.index("ingested").ingester()) {
            Throwable thrown = catchThrowable(() -> ingester.add(bad.record()));

            assertThat(thrown).isInstanceOf(InvalidRequestException.class);
            assertThat(thrown.getMessage()).contains(" at $" + bad.path() + ": ");
        }
        assertThat(REQUESTS.get()).isEqualTo(before);
    }

    @Test
    void aNonFiniteSearchParameterIsRefusedBeforeTheSearch() {
        SearchIndex index = client.index("params");
        int before = REQUESTS.get();
        List<SearchQuery> queries = List.of(
                SearchQuery.of().param("aroundRadius", Double.NaN),
                SearchQuery.of().param("aroundRadius", Float.POSITIVE_INFINITY),
                SearchQuery.of().param("numericFilters", List.of(List.of(1.0, Double.NEGATIVE_INFINITY))),
                SearchQuery.of().param("custom", Map.of("nested", Double.NaN)));

        for (SearchQuery query : queries) {
            Throwable thrown = catchThrowable(() -> index.search(query, FreeFormRecord.class));

            assertThat(thrown).as(query.params().toString()).isInstanceOf(InvalidRequestException.class);
            String name = query.params().keySet().iterator().next();
            assertThat(thrown.getMessage())
                    .as(query.params().toString())
                    .contains(name)
                    .contains("not a finite number");
        }
        assertThat(REQUESTS.get()).isEqualTo(before);
    }

    @Test
    void settingsRulesAndSecuredKeysHoldingANonFiniteNumberAreRefusedBeforeAnythingIsSent() {
        SearchIndex index = client.index("config");
        int before = REQUESTS.get();

        Throwable settings = catchThrowable(() ->
                index.setSettings(IndexSettings.of().setting("custom", Map.of("weights", List.of(1.0, Double.NaN)))));
        Throwable rule = catchThrowable(() -> index.rules()
                .save(Rule.of(
                        "r1",
                        RuleCondition.whenContext("c"),
                        RuleConsequence.params(SearchQuery.of().param("aroundRadius", Float.NEGATIVE_INFINITY)))));
        String parent = MOCK.server().adminKey();
        Throwable securedKey = catchThrowable(() -> SecuredApiKeys.generate(
                parent,
                SecuredApiKeyRestrictions.of().searchParams(SearchQuery.of().param("minScore", Double.NaN))));

        assertThat(settings).isInstanceOf(InvalidRequestException.class).hasMessageContaining("$.custom.weights[1]");
        assertThat(rule).isInstanceOf(InvalidRequestException.class).hasMessageContaining("aroundRadius");
        assertThat(securedKey)
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("minScore")
                .hasMessageNotContaining(parent);
        assertThat(REQUESTS.get()).isEqualTo(before);
    }

    /** Finite extremes, as a typed record reads them back. */
    public record Extremes(
            String objectID, double negativeZero, double subnormal, double largest, float smallFloat, double sum) {}

    @Test
    void finiteExtremesRoundTripExactly() {
        SearchIndex index = client.index("extremes");
        Extremes sent = new Extremes("x", -0.0, Double.MIN_VALUE, Double.MAX_VALUE, Float.MIN_VALUE, 0.1 + 0.2);
        index.saveObjects(List.of(sent), BatchOptions.of().waitingForTasks());

        Extremes read = index.getObject("x", Extremes.class);

        assertThat(read).isEqualTo(sent); // a record's equals compares doubles bit for bit: -0.0 is not 0.0
    }
}
