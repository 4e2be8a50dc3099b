package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.CapturingLogProvider;
import io.quarry.core.testing.LoopbackHttp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.event.Level;

/**
 * No key ever reaches a log line, an exception message or a toString, whatever the level: the client's own
 * key, a forwarded end-user key, a key in a path, keys in request and response bodies.
 */
class RedactionTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final String ADMIN_KEY = "ADMIN-KEY-5f4e3d2c1b";
    static final String USER_KEY = "USER-KEY-a1b2c3";
    static final String PATH_KEY = "PATH-KEY-778899";
    static final String NEW_KEY = "NEW-KEY-000111";
    static final String LISTED_KEY = "0123456789abcdef0123456789abcdef";
    static final List<String> SECRETS = List.of(ADMIN_KEY, USER_KEY, PATH_KEY, NEW_KEY, LISTED_KEY);

    static final Endpoint SEARCH = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");
    static final Endpoint GET_KEY = Endpoint.read("getApiKey", "GET", "/1/keys/{key}");
    static final Endpoint ADD_KEY = Endpoint.write("addApiKey", "POST", "/1/keys");

    @BeforeEach
    void clearLogs() {
        CapturingLogProvider.clear();
    }

    @Test
    void keysNeverAppearInLogsExceptionsOrToString() {
        int port = WM.getPort();
        int closed = LoopbackHttp.closedPort();
        WM.stubFor(any(urlPathMatching("/1/keys/.*"))
                .willReturn(okJson("{\"value\":\"" + LISTED_KEY + "\",\"acl\":[\"search\"]}")));
        WM.stubFor(any(urlPathMatching("/1/keys")).willReturn(okJson("{\"key\":\"" + NEW_KEY + "\"}")));
        WM.stubFor(any(urlPathMatching("/1/indexes/denied/query"))
                .willReturn(aResponse()
                        .withStatus(403)
                        .withBody("{\"message\":\"Invalid Application-ID or API key " + ADMIN_KEY + "\"}")));
        WM.stubFor(any(urlPathMatching("/1/indexes/broken/query"))
                .withHeader("Host", containing("up.test:"))
                .willReturn(aResponse().withStatus(500).withBody("{\"message\":\"boom for " + USER_KEY + "\"}")));

        ClientConfig cfg = config(ADMIN_KEY, host("up.test", port))
                .logLevel(LogLevel.BODIES)
                .build();
        List<String> texts = new ArrayList<>();
        texts.add(cfg.toString());
        texts.add(cfg.credentials().toString());
        RequestOptions forwarded = RequestOptions.builder()
                .forwardedApiKey(USER_KEY)
                .forwardedFor("203.0.113.9")
                .build();
        texts.add(forwarded.toString());

        try (ApiClient api = client(cfg)) {
            api.request(GET_KEY).path("key", PATH_KEY).options(forwarded).execute(FreeFormRecord.class);
            FreeFormRecord created = api.request(ADD_KEY)
                    .body(Map.of("acl", List.of("search"), "description", "made with " + ADMIN_KEY))
                    .execute(FreeFormRecord.class);
            assertThat(created.getString("key")).contains(NEW_KEY);
            texts.add(messages(catchThrowable(() -> api.request(SEARCH)
                    .path("indexName", "denied")
                    .options(forwarded)
                    .execute(FreeFormRecord.class))));
            Throwable denied = catchThrowable(
                    () -> api.request(SEARCH).path("indexName", "denied").execute(FreeFormRecord.class));
            assertThat(denied).isInstanceOf(ForbiddenException.class);
            texts.add(((ApiException) denied).rawBody());
            texts.add(messages(catchThrowable(() -> api.request(SEARCH)
                    .path("indexName", "broken")
                    .options(forwarded)
                    .execute(FreeFormRecord.class))));
        }
        try (ApiClient api =
                client(config(ADMIN_KEY, host("refused.test", closed)).build())) {
            texts.add(messages(catchThrowable(() -> api.request(SEARCH)
                    .path("indexName", "x")
                    .options(forwarded)
                    .execute(FreeFormRecord.class))));
        }

        List<CapturingLogProvider.Event> events = CapturingLogProvider.events();
        assertThat(events).anySatisfy(e -> {
            assertThat(e.level()).isEqualTo(Level.DEBUG);
            assertThat(e.message()).contains("--> GET").contains("/1/keys/***");
        });
        assertThat(events).anySatisfy(e -> {
            assertThat(e.level()).isEqualTo(Level.DEBUG);
            assertThat(e.message()).matches("<-- 200 POST .* \\(\\d+ ms\\)");
        });
        assertThat(events).anySatisfy(e -> {
            assertThat(e.level()).isEqualTo(Level.TRACE);
            assertThat(e.message()).contains("\"key\":\"***\"");
        });
        assertThat(events).anySatisfy(e -> {
            assertThat(e.level()).isEqualTo(Level.TRACE);
            assertThat(e.message()).contains("\"value\":\"***\"");
        });
        events.forEach(e -> texts.add(e.message()));

        assertThat(texts).allSatisfy(text -> assertThat(text).doesNotContain(SECRETS));
    }

    @Test
    void aValueMemberIsMaskedOnlyWhereItHoldsAKey() {
        String highlighted = "{\"value\":\"<em>Phone</em> case\",\"matchLevel\":\"full\"}";
        WM.stubFor(any(urlPathMatching("/1/indexes/products/query"))
                .willReturn(okJson("{\"hits\":[{\"objectID\":\"1\",\"_highlightResult\":{\"name\":" + highlighted
                        + "}}],\"facets\":{\"brand\":{\"value\":3}}}")));
        WM.stubFor(any(urlPathMatching("/1/keys/.*"))
                .willReturn(okJson("{\"value\":\"" + LISTED_KEY + "\",\"acl\":[\"search\"]}")));
        Endpoint updateKey = Endpoint.write("updateApiKey", "PUT", "/1/keys/{key}");

        ClientConfig cfg = config(ADMIN_KEY, host("up.test", WM.getPort()))
                .logLevel(LogLevel.BODIES)
                .build();
        try (ApiClient api = client(cfg)) {
            api.request(SEARCH)
                    .path("indexName", "products")
                    .body(Map.of("query", "phone", "facetFilters", Map.of("value", "kept")))
                    .execute(FreeFormRecord.class);
            api.request(GET_KEY).path("key", PATH_KEY).execute(FreeFormRecord.class);
            api.request(updateKey)
                    .path("key", PATH_KEY)
                    .body(Map.of("value", NEW_KEY, "acl", List.of("search")))
                    .execute(FreeFormRecord.class);
        }

        List<String> bodies = CapturingLogProvider.events().stream()
                .filter(e -> e.level() == Level.TRACE)
                .map(CapturingLogProvider.Event::message)
                .toList();
        assertThat(bodies)
                .anySatisfy(body -> assertThat(body).startsWith("--> body").contains("\"value\":\"kept\""));
        assertThat(bodies)
                .anySatisfy(body -> assertThat(body).startsWith("<-- body").contains(highlighted));
        assertThat(bodies)
                .anySatisfy(body -> assertThat(body).startsWith("<-- body").contains("\"value\":\"***\""));
        assertThat(bodies)
                .anySatisfy(body -> assertThat(body).startsWith("--> body").contains("\"value\":\"***\""));
        assertThat(bodies).allSatisfy(body -> assertThat(body).doesNotContain(SECRETS));
    }

    @Test
    void bodiesAreNotLoggedUnlessAskedFor() {
        WM.stubFor(any(urlPathMatching("/1/indexes/plain/query")).willReturn(okJson("{\"hits\":[]}")));
        ClientConfig cfg = config(ADMIN_KEY, host("up.test", WM.getPort())).build();
        assertThat(cfg.logLevel()).isEqualTo(LogLevel.BASIC);
        try (ApiClient api = client(cfg)) {
            api.request(SEARCH)
                    .path("indexName", "plain")
                    .body(Map.of("query", "q"))
                    .execute(FreeFormRecord.class);
        }
        assertThat(CapturingLogProvider.events()).isNotEmpty().noneMatch(e -> e.level() == Level.TRACE);
    }

    private static String messages(Throwable error) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = error; t != null; t = t.getCause()) {
            all.append(t).append('\n');
            for (Throwable suppressed : t.getSuppressed()) {
                all.append(suppressed).append('\n');
            }
        }
        if (error instanceof UnreachableHostsException unreachable) {
            unreachable.attempts().forEach(a -> all.append(a).append('\n'));
        }
        return all.toString();
    }
}
