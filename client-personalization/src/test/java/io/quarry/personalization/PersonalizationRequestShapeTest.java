package io.quarry.personalization;

import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.deleteRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.Host;
import io.quarry.core.Region;
import io.quarry.core.ServiceDomains;
import io.quarry.personalization.model.DeletedProfile;
import io.quarry.personalization.model.EventScoring;
import io.quarry.personalization.model.EventType;
import io.quarry.personalization.model.FacetScoring;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.personalization.model.UserProfile;
import io.quarry.testsupport.WireMockClients;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Method, path, headers and body of each personalization call, and the decoding of each answer. */
class PersonalizationRequestShapeTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final PersonalizationClient client = PersonalizationClient.create(WireMockClients.config(WM), Region.US);

    @Test
    void readsAProfileWithTypedTimesAndScores() {
        WM.stubFor(
                get("/1/profiles/personalization/user_1")
                        .willReturn(
                                okJson(
                                        "{\"userToken\":\"user_1\","
                                                + "\"lastEventAt\":\"2026-03-01T10:00:00.000Z\",\"scores\":{\"brand\":{\"Acme\":12,\"Apple\":4.5}}}")));

        UserProfile profile = client.getUserProfile("user_1");

        assertThat(profile.userToken()).isEqualTo("user_1");
        assertThat(profile.lastEventAt()).isEqualTo(Instant.parse("2026-03-01T10:00:00Z"));
        assertThat(profile.score("brand", "Acme")).hasValue(12.0);
        assertThat(profile.score("brand", "Apple")).hasValue(4.5);
        assertThat(profile.score("color", "red")).isEmpty();
        WM.verify(getRequestedFor(urlEqualTo("/1/profiles/personalization/user_1"))
                .withHeader("X-Service-Application-Id", equalTo(WireMockClients.APP_ID))
                .withHeader("X-Service-API-Key", equalTo(WireMockClients.API_KEY)));
    }

    @Test
    void deletesAProfile() {
        WM.stubFor(delete("/1/profiles/user-2")
                .willReturn(okJson("{\"userToken\":\"user-2\",\"deletedUntil\":\"2026-03-01T12:00:00Z\"}")));

        DeletedProfile deleted = client.deleteUserProfile("user-2");

        assertThat(deleted).isEqualTo(new DeletedProfile("user-2", Instant.parse("2026-03-01T12:00:00Z")));
        WM.verify(deleteRequestedFor(urlEqualTo("/1/profiles/user-2")));
    }

    @Test
    void setsTheStrategyAsJsonAndReadsUnknownEventTypes() {
        WM.stubFor(post("/1/strategies/personalization")
                .willReturn(okJson("{\"status\":200,\"message\":\"Strategy was successfully updated.\"}")));
        WM.stubFor(
                get("/1/strategies/personalization")
                        .willReturn(
                                okJson(
                                        "{\"eventsScoring\":["
                                                + "{\"eventName\":\"Shared\",\"eventType\":\"share\",\"score\":5}],"
                                                + "\"facetsScoring\":[{\"facetName\":\"brand\",\"score\":100}],\"personalizationImpact\":60}")));

        client.setStrategy(PersonalizationStrategy.of(
                List.of(EventScoring.of("Bought", EventType.CONVERSION, 50)),
                List.of(FacetScoring.of("brand", 100)),
                60));
        PersonalizationStrategy read = client.getStrategy();

        WM.verify(
                postRequestedFor(urlEqualTo("/1/strategies/personalization"))
                        .withRequestBody(
                                equalToJson(
                                        "{\"eventsScoring\":[{\"eventName\":\"Bought\","
                                                + "\"eventType\":\"conversion\",\"score\":50}],"
                                                + "\"facetsScoring\":[{\"facetName\":\"brand\",\"score\":100}],\"personalizationImpact\":60}")));
        EventType shared = read.eventsScoring().get(0).eventType();
        assertThat(shared.name()).isEqualTo("share");
        assertThat(shared.isKnown()).isFalse();
        assertThat(read.facetScore("brand")).isEqualTo(100);
    }

    @Test
    void theDefaultHostIsTheRegionsHost() {
        assertThat(hostOf(Region.US)).isEqualTo("https://personalization.us.quarry.io");
        assertThat(hostOf(Region.EU)).isEqualTo("https://personalization.eu.quarry.io");
    }

    private static String hostOf(Region region) {
        List<Host> hosts = PersonalizationClient.defaultHosts(region)
                .hosts(Optional.of("APP"), ServiceDomains.of(), new Random(1));
        assertThat(hosts).hasSize(1);
        return hosts.get(0).toString();
    }
}
