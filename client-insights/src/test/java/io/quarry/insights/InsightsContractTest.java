package io.quarry.insights;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.UnauthorizedException;
import io.quarry.core.UnprocessableEntityException;
import io.quarry.insights.model.Click;
import io.quarry.insights.model.EventSubtype;
import io.quarry.insights.model.EventsResponse;
import io.quarry.insights.model.InsightsEvent;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/** Events sent through the client land in the mock server's analytics; bad ones never leave the client. */
@ExtendWith(MockServerExtension.class)
class InsightsContractTest {

    @AutoClose
    private InsightsClient insights;

    private MockServerCalls service;

    @BeforeEach
    void setUp(MockServer server) {
        insights = InsightsClient.create(MockServerClients.config(server));
        service = new MockServerCalls(server);
        service.send("PUT", "/1/indexes/products/a", "{'name':'red shoe'}");
        service.send("PUT", "/1/indexes/products/b", "{'name':'blue shoe'}");
        service.send("PUT", "/1/indexes/products/c", "{'name':'green shoe'}");
    }

    private JsonNode searchWithClickAnalytics(int page, int hitsPerPage) {
        return service.send(
                "POST",
                "/1/indexes/products/query",
                "{'query':'shoe','clickAnalytics':true,'page':" + page + ",'hitsPerPage':" + hitsPerPage + "}");
    }

    private JsonNode topSearch() {
        return service.send("GET", "/2/searches?index=products&clickAnalytics=true", null)
                .get("searches")
                .get(0);
    }

    @Test
    void aClickBuiltFromASearchResponseCountsWithItsAbsolutePosition() {
        JsonNode response = searchWithClickAnalytics(1, 2);
        int hitIndex = 0;
        Click click = Click.afterSearch(response.get("queryID").asString())
                .page(response.get("page").asInt())
                .hitsPerPage(response.get("hitsPerPage").asInt())
                .hit(
                        hitIndex,
                        response.get("hits").get(hitIndex).get("objectID").asString());
        assertThat(click.positions()).containsExactly(3);

        EventsResponse answer = insights.user("user-1").clickedObjectIDsAfterSearch("Clicked", "products", click);

        assertThat(answer).isEqualTo(new EventsResponse(200, "OK"));
        JsonNode row = topSearch();
        assertThat(row.get("clickCount").asInt()).isEqualTo(1);
        assertThat(row.get("averageClickPosition").asDouble()).isEqualTo(3.0);
    }

    @Test
    void conversionsAfterSearchAndTheOtherFacadeCalls() throws Exception {
        String queryID = searchWithClickAnalytics(0, 10).get("queryID").asString();
        InsightsUser user = insights.user("user-2").authenticated("account-9");

        assertThat(user.convertedObjectIDsAfterSearch("Bought", "products", queryID, List.of("a"))
                        .status())
                .isEqualTo(200);
        assertThat(user.clickedObjectIDs("Clicked", "products", List.of("a")).status())
                .isEqualTo(200);
        assertThat(user.clickedFilters("Filtered", "products", List.of("brand:acme"))
                        .status())
                .isEqualTo(200);
        assertThat(user.convertedObjectIDs("Bought", "products", List.of("a")).status())
                .isEqualTo(200);
        assertThat(user.convertedFilters("Bought", "products", List.of("brand:acme"))
                        .status())
                .isEqualTo(200);
        assertThat(user.viewedObjectIDs("Seen", "products", List.of("a", "b")).status())
                .isEqualTo(200);
        assertThat(user.viewedFilters("Seen", "products", List.of("brand:acme")).status())
                .isEqualTo(200);
        assertThat(user.viewedFiltersAsync("Seen", "products", List.of("brand:acme"))
                        .get()
                        .status())
                .isEqualTo(200);

        JsonNode row = topSearch();
        assertThat(row.get("conversionCount").asInt()).isEqualTo(1);
        assertThat(row.get("conversionRate").asDouble()).isEqualTo(1.0);
        assertThat(row.get("clickCount").asInt()).isZero();
    }

    @Test
    void sendSplitsLargeBatchesIntoCallsTheServiceAccepts() throws Exception {
        List<InsightsEvent> events = new ArrayList<>();
        for (int i = 0; i < 2500; i++) {
            events.add(InsightsEvent.view("Seen", "products", "user-" + (i % 7)).objectIDs(List.of("a")));
        }
        assertThat(insights.send(events)).hasSize(3).allMatch(r -> r.status() == 200);
        assertThat(insights.sendAsync(events.subList(0, 1001)).get()).hasSize(2);
    }

    @Test
    void richConversionMembersAreAccepted() {
        String queryID = searchWithClickAnalytics(0, 10).get("queryID").asString();
        InsightsEvent purchase = InsightsEvent.conversion("Bought", "products", "user-3")
                .objectIDs(List.of("a", "b"))
                .queryID(queryID)
                .subtype(EventSubtype.PURCHASE)
                .objectData(List.of(java.util.Map.of("price", 10, "quantity", 1), java.util.Map.of("price", 5)))
                .currency("EUR")
                .value(15)
                .timestamp(Instant.now().minus(Duration.ofMinutes(1)));
        assertThat(insights.send(List.of(purchase))).containsExactly(new EventsResponse(200, "OK"));
    }

    @Test
    void aConversionMayGiveNoDataForSomeOfItsRecords() {
        InsightsEvent purchase = InsightsEvent.conversion("Bought", "products", "user-3")
                .objectIDs(List.of("a", "b"))
                .objectData(Arrays.asList(Map.of("price", 10), null));
        assertThat(purchase.objectData()).containsExactly(Map.of("price", 10), null);
        assertThat(insights.send(List.of(purchase))).containsExactly(new EventsResponse(200, "OK"));
    }

    @Test
    void invalidEventsFailBeforeAnyCallWithTheServiceMessages() {
        InsightsUser user = insights.user("user-4");
        assertThatThrownBy(() -> user.clickedObjectIDs("", "products", List.of("a")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("EventName is required");
        assertThatThrownBy(() -> insights.user("not valid").viewedObjectIDs("Seen", "products", List.of("a")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("UserToken");
        assertThatThrownBy(() -> user.clickedObjectIDsAfterSearch(
                        "Clicked",
                        "products",
                        Click.afterSearch("not-a-query-id").hit(0, "a")))
                .hasMessage("Query ID must be a search query ID (32 characters hexadecimal string)");
        assertThat(user.viewedFiltersAsync(
                        "Seen",
                        "products",
                        List.of("a:1", "a:2", "a:3", "a:4", "a:5", "a:6", "a:7", "a:8", "a:9", "a:10", "a:11")))
                .failsWithin(Duration.ofSeconds(5))
                .withThrowableThat()
                .withCauseInstanceOf(InvalidRequestException.class)
                .withMessageContaining("Event cannot have more than 10 Filters");
        assertThatThrownBy(() -> insights.send(List.of(
                        InsightsEvent.view("Seen", "products", "u").objectIDs(List.of("a")),
                        InsightsEvent.view("Seen", "products", "u")
                                .objectIDs(List.of("a"))
                                .positions(List.of(1)))))
                .hasMessage("Only events of type click can have positions (event 1 of 2)");
        assertThatThrownBy(() -> insights.send(List.of())).hasMessage("No events to process");
        assertThat(service.send("GET", "/2/searches/count?index=products", null)
                        .get("count")
                        .asInt())
                .isZero();
    }

    @Test
    void theServiceRefusesWhatTheClientCannotCheckAndKeysWithoutTheSearchRight(MockServer server) {
        String browseKey =
                service.send("POST", "/1/keys", "{'acl':['browse']}").get("key").asString();
        try (InsightsClient browseOnly = InsightsClient.create(MockServerClients.config(server, browseKey))) {
            assertThatThrownBy(() -> browseOnly.user("u").viewedObjectIDs("Seen", "products", List.of("a")))
                    .isInstanceOf(UnauthorizedException.class);
        }
        InsightsEvent unknownType = InsightsEvent.of(
                        io.quarry.insights.model.EventType.of("hover"), "Hovered", "products", "u")
                .objectIDs(List.of("a"));
        assertThatThrownBy(() -> insights.send(List.of(unknownType)))
                .isInstanceOf(UnprocessableEntityException.class)
                .hasMessageContaining("EventType");
    }
}
