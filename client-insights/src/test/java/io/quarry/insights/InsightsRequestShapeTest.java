package io.quarry.insights;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.insights.model.Click;
import io.quarry.insights.model.EventSubtype;
import io.quarry.insights.model.InsightsEvent;
import io.quarry.testsupport.WireMockClients;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The bodies the insights client sends, pinned with WireMock, and how it splits large sends. */
class InsightsRequestShapeTest {

    private static final String QID = "0123456789abcdef0123456789abcdef";

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final InsightsClient client = InsightsClient.create(WireMockClients.config(WM));

    @Test
    void aClickAfterSearchCarriesQueryIdObjectIdsAndAbsolutePositions() {
        WM.stubFor(post("/1/events").willReturn(okJson("{\"status\":200,\"message\":\"OK\"}")));

        client.user("user-1")
                .authenticated("acct-1")
                .clickedObjectIDsAfterSearch(
                        "Clicked",
                        "products",
                        Click.afterSearch(QID)
                                .page(1)
                                .hitsPerPage(10)
                                .hit(2, "sku-1")
                                .hit(0, "sku-2"));

        WM.verify(postRequestedFor(urlEqualTo("/1/events"))
                .withHeader("X-Service-API-Key", equalTo(WireMockClients.API_KEY))
                .withRequestBody(equalToJson("{\"events\":[{\"eventType\":\"click\",\"eventName\":\"Clicked\","
                        + "\"index\":\"products\",\"userToken\":\"user-1\",\"authenticatedUserToken\":\"acct-1\","
                        + "\"queryID\":\"" + QID + "\",\"objectIDs\":[\"sku-1\",\"sku-2\"],\"positions\":[13,11]}]}")));
    }

    @Test
    void aConversionWithEveryOptionalMember() {
        WM.stubFor(post("/1/events").willReturn(okJson("{\"status\":200,\"message\":\"OK\"}")));
        // sent as whole epoch milliseconds, the part of a millisecond dropped
        Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS).plusNanos(999_999);

        client.send(List.of(InsightsEvent.conversion("Bought", "products", "u")
                .filters(List.of("brand:acme"))
                .subtype(EventSubtype.ADD_TO_CART)
                .objectData(List.of(Map.of("price", 3)))
                .currency("EUR")
                .value(3.5)
                .timestamp(at)));

        WM.verify(postRequestedFor(urlEqualTo("/1/events"))
                .withRequestBody(equalToJson("{\"events\":[{\"eventType\":\"conversion\",\"eventSubtype\":"
                        + "\"addToCart\",\"eventName\":\"Bought\",\"index\":\"products\",\"userToken\":\"u\","
                        + "\"timestamp\":" + at.toEpochMilli() + ",\"filters\":[\"brand:acme\"],"
                        + "\"objectData\":[{\"price\":3}],\"currency\":\"EUR\",\"value\":3.5}]}")));
    }

    @Test
    void splitsAtAThousandEventsAndAtTwoMegabytes() {
        WM.stubFor(post("/1/events").willReturn(okJson("{\"status\":200,\"message\":\"OK\"}")));
        List<InsightsEvent> many = new ArrayList<>();
        for (int i = 0; i < 2001; i++) {
            many.add(InsightsEvent.view("Seen", "products", "u").objectIDs(List.of("id-" + i)));
        }
        assertThat(client.send(many)).hasSize(3);
        WM.verify(3, postRequestedFor(urlEqualTo("/1/events")));

        WM.resetRequests();
        String big = "x".repeat(400_000);
        List<InsightsEvent> heavy = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            heavy.add(InsightsEvent.conversion("Bought", "products", "u")
                    .objectIDs(List.of("a"))
                    .objectData(List.of(Map.of("note", big))));
        }
        assertThat(client.send(heavy)).hasSize(3);
        WM.getAllServeEvents()
                .forEach(e -> assertThat(e.getRequest().getBody().length).isLessThanOrEqualTo(2 << 20));
    }

    @Test
    void theDefaultHostIsTheInsightsHost() {
        ClientConfig config = ClientConfig.builder("APP", "key").build();
        try (InsightsClient defaults = InsightsClient.create(config)) {
            assertThat(defaults.hosts()).containsExactly(Host.https("insights.quarry.io"));
        }
    }
}
