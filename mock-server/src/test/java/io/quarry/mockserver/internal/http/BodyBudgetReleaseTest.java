package io.quarry.mockserver.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The bytes of request bodies buffered across requests are bounded; every answered request gives its bytes back,
 * including one whose body came with its headers and was answered before the front finished reading it.
 */
@Timeout(60)
class BodyBudgetReleaseTest {

    /** Room for 4 bodies of {@link #BODY} bytes at once. */
    private static final int BODY = 100_000;

    private final HttpClient http = HttpClient.newHttpClient();
    private Workers workers;
    private FrontOnLoopback front;
    private String url;

    @BeforeEach
    void start() throws Exception {
        Router router = new Router().add(FrontOnLoopback.answeringEmpty("POST", "/upload"));
        workers = new Workers(4, 16);
        BodyLimits limits = new BodyLimits(BodyLimits.TEN_MEGABYTES, BodyLimits.TEN_MEGABYTES, 4L * BODY, 60_000);
        front = new FrontOnLoopback(router, (request, route) -> request, workers, limits);
        url = front.url();
    }

    @AfterEach
    void stop() throws Exception {
        front.stop();
    }

    @Test
    void manyMoreBodiesThanTheBudgetHoldsAreServedOneAfterAnother() throws Exception {
        byte[] body = new byte[BODY];
        java.util.Arrays.fill(body, (byte) ' ');
        body[0] = '{';
        body[BODY - 1] = '}';
        for (int i = 0; i < 40; i++) {
            HttpResponse<String> answer = http.send(
                    HttpRequest.newBuilder(URI.create(url + "/upload"))
                            .timeout(Duration.ofSeconds(10))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode())
                    .as("request %d: %s", i, answer.body())
                    .isEqualTo(200);
        }
    }
}
