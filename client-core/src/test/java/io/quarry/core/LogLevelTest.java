package io.quarry.core;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.testing.CapturingLogProvider;
import io.quarry.core.testing.LoopbackHttp;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.event.Level;

/** The configured log level decides what the core writes to its SLF4J logger. */
class LogLevelTest {

    @RegisterExtension
    static final WireMockExtension WM = LoopbackHttp.wireMock();

    static final Endpoint SEARCH = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");

    @BeforeEach
    void clearLogs() {
        CapturingLogProvider.clear();
    }

    private List<CapturingLogProvider.Event> callWith(LogLevel level) {
        WM.stubFor(any(anyUrl()).willReturn(okJson("{\"hits\":[]}")));
        try (ApiClient api = client(
                config("key", host("a.test", WM.getPort())).logLevel(level).build())) {
            api.request(SEARCH)
                    .path("indexName", "i")
                    .body(Map.of("query", "shoes"))
                    .execute(FreeFormRecord.class);
        }
        return CapturingLogProvider.events().stream()
                .filter(e -> e.logger().equals("io.quarry.core.http"))
                .toList();
    }

    @Test
    void bodiesLevelLogsRequestLineStatusTimingAndBodies() {
        List<CapturingLogProvider.Event> events = callWith(LogLevel.BODIES);
        assertThat(events)
                .extracting(CapturingLogProvider.Event::level)
                .containsExactly(Level.DEBUG, Level.TRACE, Level.DEBUG, Level.TRACE);
        assertThat(events.get(0).message())
                .isEqualTo("--> POST http://a.test:" + WM.getPort() + "/1/indexes/i/query (try 1, timeout 5000 ms)");
        assertThat(events.get(1).message()).isEqualTo("--> body {\"query\":\"shoes\"}");
        assertThat(events.get(2).message())
                .matches("<-- 200 POST http://a\\.test:\\d+/1/indexes/i/query \\(\\d+ ms\\)");
        assertThat(events.get(3).message()).isEqualTo("<-- body {\"hits\":[]}");
    }

    @Test
    void basicLevelLeavesBodiesOut() {
        assertThat(callWith(LogLevel.BASIC))
                .extracting(CapturingLogProvider.Event::level)
                .containsExactly(Level.DEBUG, Level.DEBUG);
    }

    @Test
    void noneLevelLogsNothing() {
        assertThat(callWith(LogLevel.NONE)).isEmpty();
    }
}
