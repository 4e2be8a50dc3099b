package io.quarry.mockserver.internal.products.personalization;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.TrackedEvent;
import io.quarry.mockserver.testing.AppServer;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A personalized search costs what its records' values do, not the product of the profile's filters and the
 * facet's values in the index: the thousand optional filters of a profile were each checked against every distinct
 * value of their facet (here 10,000), folding each one, and then against every candidate, so each search took
 * seconds (six on a loaded machine here, twelve with 20,000 records).
 */
class PersonalizedSearchCostHttpTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final int RECORDS = 1000;
    private static final int TAGS_PER_RECORD = 10;
    /** Records the user viewed: their tags fill the profile's thousand values. */
    private static final int VIEWED = 100;

    @Test
    @Timeout(120) // a hang guard: OptionalFiltersCostTest counts the values the filters read
    void aProfileOfAThousandValuesOverTenThousandDistinctValuesIsSearchedAtOnce() {
        try (AppServer server = new AppServer(new MutableClock(NOW))) {
            ObjectNode seed = Json.object();
            ObjectNode shop = seed.putObject("indices").putObject("shop");
            shop.putObject("settings").putArray("attributesForFaceting").add("tags");
            ArrayNode records = shop.putArray("records");
            for (int r = 0; r < RECORDS; r++) {
                ArrayNode tags = records.addObject()
                        .put("objectID", "r" + r)
                        .put("name", "phone")
                        .putArray("tags");
                for (int t = 0; t < TAGS_PER_RECORD; t++) {
                    tags.add("tag-" + r + "-" + t);
                }
            }
            server.seed(seed.toString());
            server.send(
                            "POST",
                            "/1/strategies/personalization",
                            "{'eventsScoring':[{'eventName':'seen','eventType':'view','score':5}],"
                                    + "'facetsScoring':[{'facetName':'tags','score':100}],'personalizationImpact':100}")
                    .requireOk();
            List<TrackedEvent> events = new ArrayList<>();
            for (int r = RECORDS - VIEWED; r < RECORDS; r += 20) {
                List<String> viewed = new ArrayList<>();
                for (int i = r; i < r + 20; i++) {
                    viewed.add("r" + i);
                }
                events.add(new TrackedEvent(
                        NOW.toEpochMilli(), "view", null, "seen", "shop", "ann", null, viewed, List.of(), List.of()));
            }
            server.recordEvents(events.toArray(TrackedEvent[]::new));

            for (int search = 0; search < 3; search++) {
                Reply reply = server.send(
                                "POST",
                                "/1/indexes/shop/query",
                                "{'query':'phone','userToken':'ann','enablePersonalization':true,'hitsPerPage':"
                                        + VIEWED + ",'attributesToRetrieve':['objectID'],'attributesToHighlight':[]}")
                        .requireOk();

                assertThat(reply.hitIds())
                        .as("the viewed records first")
                        .allMatch(id -> Integer.parseInt(id.substring(1)) >= RECORDS - VIEWED);
            }
        }
    }
}
