package io.quarry.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.QuarryException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seeded random index names and objectIDs (long ones, with {@code /}, {@code %}, spaces, non-ASCII and pairs of
 * surrogates) sent to the mock server: the observations' high-cardinality values carry them at a bounded length,
 * the meters carry none of them, and nothing carries the key. {@code -Dquarry.hostile.calls=N} makes more calls.
 */
@Timeout(30)
class HostileNamesObservationTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final long SEED = Long.getLong("quarry.hostile.seed", 22_0029L);
    private static final int CALLS = Integer.getInteger("quarry.hostile.calls", 6);

    private static final String ALPHABET = "ab9-_./%?# \u00e9\ud83d\ude00";

    /** The values a meter's tag may take, {@code error} aside: none comes from the application's data. */
    private static final Map<String, Set<String>> TAG_VALUES = Map.of(
            "quarry.product", Set.of("search"),
            "quarry.operation", Set.of("getObject", "search", "deleteObject"),
            "http.request.method", Set.of("GET", "POST", "DELETE"),
            "quarry.outcome", Set.of("SUCCESS", "FAILURE"),
            "quarry.status_class", Set.of("2xx", "4xx", "5xx", "none"));

    private final TestObservationRegistry registry = TestObservationRegistry.create();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    @Test
    void namesOfAnyLengthReachObservationsBoundedAndMetersNever() {
        registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        Random random = new Random(SEED);
        try (SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()).toBuilder()
                .callObserver(MicrometerCallObserver.of(registry))
                .build())) {
            for (int i = 0; i < CALLS; i++) {
                SearchIndex index = client.index(name(random));
                String objectID = name(random);
                try {
                    switch (random.nextInt(3)) {
                        case 0 -> index.getObject(objectID, FreeFormRecord.class);
                        case 1 -> index.search(SearchQuery.of(objectID), FreeFormRecord.class);
                        default -> index.deleteObject(objectID);
                    }
                } catch (QuarryException refused) {
                    // a 404 for an index that does not exist, a 400 for a name the service does not take
                }
            }
        }

        String seen = "seed " + SEED;
        List<String> recorded = new ArrayList<>();
        AtomicReference<List<Observation.Context>> handled = new AtomicReference<>();
        TestObservationRegistryAssert.assertThat(registry).hasHandledContextsThatSatisfy(handled::set);
        assertThat(handled.get()).as(seen).hasSize(CALLS);
        for (Observation.Context call : handled.get()) {
            recorded.add(call.getName() + " " + call.getContextualName());
            call.getAllKeyValues().forEach(value -> {
                assertThat(value.getValue().length())
                        .as(seen + ": " + value.getKey())
                        .isLessThanOrEqualTo(SpanValues.MAX_LENGTH);
                assertThat(Character.isHighSurrogate(
                                value.getValue().charAt(value.getValue().length() - 1)))
                        .as(seen + ": " + value.getKey() + " ends with half a character")
                        .isFalse();
                recorded.add(value.getKey() + "=" + value.getValue());
            });
        }
        for (Meter meter : meters.getMeters()) {
            for (Tag tag : meter.getId().getTags()) {
                if (!tag.getKey().equals("error")) {
                    assertThat(TAG_VALUES.get(tag.getKey()))
                            .as(seen + ": " + meter.getId())
                            .contains(tag.getValue());
                }
            }
            recorded.add(meter.getId().toString());
        }
        assertThat(String.join("\n", recorded))
                .as(seen)
                .doesNotContain(MOCK.server().adminKey());
    }

    @Test
    void aValueIsCutBetweenCharactersNeverInsideOne() {
        String smile = "\ud83d\ude00";
        // the pair straddles the last character kept
        String straddling = "a".repeat(SpanValues.MAX_LENGTH - SpanValues.CUT.length() - 1) + smile + "tail";
        assertThat(SpanValues.bounded(straddling))
                .isEqualTo("a".repeat(SpanValues.MAX_LENGTH - SpanValues.CUT.length() - 1) + SpanValues.CUT);
        String fits = "b".repeat(SpanValues.MAX_LENGTH - 2) + smile;
        assertThat(SpanValues.bounded(fits)).isSameAs(fits);
        assertThat(SpanValues.bounded(null)).isNull();
    }

    /** Short, or long past the bound: from 1 to 12 characters, or 1,024 to 1,323. */
    private static String name(Random random) {
        int length = random.nextBoolean() ? 1 + random.nextInt(12) : SpanValues.MAX_LENGTH + random.nextInt(300);
        StringBuilder name = new StringBuilder(length);
        while (name.length() < length) {
            int at = random.nextInt(ALPHABET.length());
            if (Character.isLowSurrogate(ALPHABET.charAt(at))) {
                at--;
            }
            name.appendCodePoint(ALPHABET.codePointAt(at));
        }
        return name.toString();
    }
}
