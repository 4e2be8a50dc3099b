package io.quarry.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.data.PointData;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seeded random index names and objectIDs (long ones, with {@code /}, {@code %}, spaces, non-ASCII and pairs of
 * surrogates) sent to the mock server: the spans carry them at a bounded length, the metrics carry none of them,
 * and nothing carries the key. {@code -Dquarry.hostile.calls=N} makes more calls.
 */
@Timeout(30)
class HostileNamesSpanTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    static final OpenTelemetryExtension OTEL = OpenTelemetryExtension.create();

    private static final long SEED = Long.getLong("quarry.hostile.seed", 22_0023L);
    private static final int CALLS = Integer.getInteger("quarry.hostile.calls", 6);

    private static final String ALPHABET = "ab9-_./%?# \u00e9\ud83d\ude00";

    /** The values a metric attribute may take: none comes from the application's data. */
    private static final Map<String, Set<String>> METRIC_VALUES = Map.of(
            "quarry.product", Set.of("search"),
            "quarry.operation", Set.of("getObject", "search", "deleteObject"),
            "http.request.method", Set.of("GET", "POST", "DELETE"),
            "quarry.outcome", Set.of("SUCCESS", "FAILURE"),
            "quarry.status_class", Set.of("2xx", "4xx", "5xx", "none"));

    @Test
    void namesOfAnyLengthReachSpansBoundedAndMetricsNever() {
        Random random = new Random(SEED);
        try (SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()).toBuilder()
                .callObserver(OpenTelemetryCallObserver.of(OTEL.getOpenTelemetry()))
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
        assertThat(OTEL.getSpans()).as(seen).hasSize(CALLS);
        for (SpanData span : OTEL.getSpans()) {
            recorded.add(span.getName() + " " + span.getStatus().getDescription());
            checkBounded(span.getAttributes(), seen, recorded);
            for (EventData event : span.getEvents()) {
                checkBounded(event.getAttributes(), seen, recorded);
            }
        }
        for (MetricData metric : OTEL.getMetrics()) {
            for (PointData point : metric.getData().getPoints()) {
                point.getAttributes().forEach((key, value) -> {
                    if (!key.getKey().equals("error.type")) {
                        assertThat(METRIC_VALUES.get(key.getKey()))
                                .as(seen + ": " + metric.getName() + " " + key)
                                .contains(String.valueOf(value));
                    }
                });
            }
            recorded.add(metric.toString());
        }
        assertThat(String.join("\n", recorded))
                .as(seen)
                .doesNotContain(MOCK.server().adminKey());
    }

    private static void checkBounded(Attributes attributes, String seen, List<String> recorded) {
        attributes.forEach((AttributeKey<?> key, Object value) -> {
            String text = String.valueOf(value);
            recorded.add(key.getKey() + "=" + text);
            if (key.getKey().equals("exception.stacktrace")) {
                return; // the SDK's own record of where the exception came from
            }
            if (key.getKey().equals("exception.message")) {
                // the exception's message: the core shows at most 1,024 characters of the path, 300 of the service's
                assertThat(text.length()).as(seen + ": " + key).isLessThan(2 * SpanValues.MAX_LENGTH);
                return;
            }
            assertThat(text.length()).as(seen + ": " + key).isLessThanOrEqualTo(SpanValues.MAX_LENGTH);
            assertThat(Character.isHighSurrogate(text.charAt(text.length() - 1)))
                    .as(seen + ": " + key + " ends with half a character")
                    .isFalse();
        });
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
