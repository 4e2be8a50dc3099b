package io.quarry.mockserver.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.ApiKeys;
import io.quarry.mockserver.internal.state.KeyDefinition;
import io.quarry.mockserver.internal.state.TaskLog;
import io.quarry.mockserver.internal.state.UserMappings;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** The credentials of the products beyond search: product keys, crawler basic auth, public routes, 401s. */
class ProductAccessTest {

    private static final Clock CLOCK = Clock.systemUTC();
    private final ApiKeys keys = new ApiKeys(CLOCK);
    private final Authenticator authenticator = new Authenticator(
            "APP",
            "admin",
            new ProductCredentials("mon-key", "use-key", "crawler", "crawl-key"),
            keys,
            new UserMappings(List.of(), new TaskLog(CLOCK, Duration.ZERO)),
            CLOCK);

    private static Route route(Access access) {
        return new Route("GET", "/x", access, null, Operation.NOT_COUNTED, Work.READ, request -> Response.ok(null));
    }

    private static Request request(String appId, String key, String authorization) {
        Map<String, String> headers = new HashMap<>();
        if (appId != null) {
            headers.put("X-Service-Application-Id", appId);
        }
        if (key != null) {
            headers.put("X-Service-API-Key", key);
        }
        if (authorization != null) {
            headers.put("Authorization", authorization);
        }
        return new Request("GET", "/x", null, headers, new byte[0]);
    }

    private static String basic(String user, String key) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + key).getBytes(StandardCharsets.UTF_8));
    }

    private int status(Access access, Request request) {
        try {
            authenticator.check(request, route(access));
            return 200;
        } catch (ApiException e) {
            return e.status();
        }
    }

    @Test
    void publicRoutesNeedNothing() {
        assertThat(status(Access.PUBLIC, request(null, null, null))).isEqualTo(200);
    }

    @Test
    void productKeysOpenOnlyTheirProductAndTheAdminKeyOpensBoth() {
        assertThat(status(Access.MONITORING_KEY, request("APP", "mon-key", null)))
                .isEqualTo(200);
        assertThat(status(Access.MONITORING_KEY, request("APP", "use-key", null)))
                .isEqualTo(403);
        assertThat(status(Access.MONITORING_KEY, request("OTHER", "mon-key", null)))
                .isEqualTo(403);
        assertThat(status(Access.USAGE_KEY, request("APP", "use-key", null))).isEqualTo(200);
        assertThat(status(Access.USAGE_KEY, request("APP", "admin", null))).isEqualTo(200);
        assertThat(status(Access.USAGE_KEY, request("APP", null, null))).isEqualTo(403);
    }

    @Test
    void theCrawlerTakesBasicAuthOnly() {
        assertThat(status(Access.CRAWLER, request(null, null, basic("crawler", "crawl-key"))))
                .isEqualTo(200);
        assertThat(status(Access.CRAWLER, request(null, null, basic("crawler", "wrong"))))
                .isEqualTo(401);
        assertThat(status(Access.CRAWLER, request(null, null, "Basic !!!"))).isEqualTo(401);
        assertThat(status(Access.CRAWLER, request("APP", "admin", null))).isEqualTo(401);
    }

    @Test
    void rightsOfTheSecondApiFamilyAnswer401WhereThoseApisDo() {
        ObjectNode acl = (ObjectNode) Json.parse("{\"acl\":[\"analytics\"]}");
        String analyticsOnly =
                keys.create(KeyDefinition.fromJson(acl, null), null).value();
        assertThat(status(Access.ANALYTICS, request("APP", analyticsOnly, null)))
                .isEqualTo(200);
        assertThat(status(Access.INSIGHTS, request("APP", analyticsOnly, null))).isEqualTo(401);
        assertThat(status(Access.RECOMMENDATION, request("APP", analyticsOnly, null)))
                .isEqualTo(401);
        assertThat(status(Access.ANSWERS, request("APP", null, null))).isEqualTo(401);
        assertThat(status(Access.SUGGESTIONS, request("APP", analyticsOnly, null)))
                .isEqualTo(401);
        assertThat(status(Access.SUGGESTIONS, request("APP", "admin", null))).isEqualTo(200);
        assertThat(status(Access.SEARCH, request("APP", analyticsOnly, null))).isEqualTo(403);
    }

    @Test
    void noCredentialAppearsInToString() {
        assertThat(new ProductCredentials("mon-key", "use-key", "crawler", "crawl-key").toString())
                .doesNotContain("mon-key", "use-key", "crawl-key");
        assertThatThrownBy(() -> authenticator.check(request(null, null, basic("crawler", "x")), route(Access.CRAWLER)))
                .hasMessageNotContaining("crawl-key");
    }
}
