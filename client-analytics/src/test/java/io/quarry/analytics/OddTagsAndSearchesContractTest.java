package io.quarry.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.AnalyticsTags;
import io.quarry.analytics.model.TopHit;
import io.quarry.analytics.model.TopSearch;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerSettings;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded random searches whose tags and queries hold characters a URL must encode (or reads as a space), then the
 * client's calls naming those tags and searches, against what was searched.
 */
@ExtendWith(MockServerExtension.class)
@MockServerSettings(fixedClock = "2026-03-10T10:00:00Z")
class OddTagsAndSearchesContractTest {

    private static final long SEED = 7L;
    private static final AnalyticsQuery TODAY =
            AnalyticsQuery.between(LocalDate.of(2026, 3, 10), LocalDate.of(2026, 3, 10));
    private static final List<String> TAGS =
            List.of("c++", "a&b", "é/x", "50%", "#frag", "a=b", "x;y", "a,b", "?q", "😀", "and-or", "+", "%2B");
    private static final List<String> QUERIES =
            List.of("c++", "a&b", "50%", "#frag", "x y", "é", "a=b&c=d", "?", "+", "😀", "shoe", "", "%20");

    @AutoClose
    private AnalyticsClient client;

    @Test
    void tagsAndSearchesRoundTrip(MockServer server) {
        client = AnalyticsClient.create(MockServerClients.config(server));
        AnalyticsIndex index = client.index("odd");
        MockServerCalls service = new MockServerCalls(server);
        service.send("PUT", "/1/indexes/odd/r1", "{'name':'c++ a&b 50% é shoe ? + 😀'}");
        Random random = new Random(SEED);
        Map<String, Long> perTag = new TreeMap<>();
        Map<String, Long> perQuery = new TreeMap<>();
        Map<String, Long> hitsPerQuery = new TreeMap<>();
        for (int i = 0; i < 40; i++) {
            String query = QUERIES.get(random.nextInt(QUERIES.size()));
            Set<String> tags = new TreeSet<>();
            for (int t = random.nextInt(3); t > 0; t--) {
                tags.add(TAGS.get(random.nextInt(TAGS.size())));
            }
            ObjectNode body = JsonNodeFactory.instance.objectNode().put("query", query);
            // one user per search, so that no search is a keystroke of another
            body.put("userToken", "user" + i);
            tags.forEach(body.putArray("analyticsTags")::add);
            long nbHits = service.send(
                            "POST", "/1/indexes/odd/query", body.toString().replace('"', '\''))
                    .get("nbHits")
                    .asLong();
            tags.forEach(t -> perTag.merge(t, 1L, Long::sum));
            perQuery.merge(query, 1L, Long::sum);
            hitsPerQuery.merge(query, nbHits, Long::sum);
        }

        for (String tag : TAGS) {
            assertThat(index.searchesCount(TODAY.tags(AnalyticsTags.tag(tag))).count())
                    .as("seed " + SEED + ", tag " + tag)
                    .isEqualTo(perTag.getOrDefault(tag, 0L));
        }
        List<TopSearch> top = index.topSearches(TODAY.limit(1000)).searches();
        Map<String, Long> counts = new TreeMap<>();
        top.forEach(s -> counts.put(s.search(), s.count()));
        assertThat(counts).as("seed " + SEED).isEqualTo(perQuery);
        assertThat(index.browseTopSearches(TODAY.limit(3)).toList()).isEqualTo(top);
        for (String query : perQuery.keySet()) {
            long returned = index.topHitsForSearch(query, TODAY).hits().stream()
                    .mapToLong(TopHit::count)
                    .sum();
            assertThat(returned).as("seed " + SEED + ", search " + query).isEqualTo(hitsPerQuery.get(query));
        }
    }
}
