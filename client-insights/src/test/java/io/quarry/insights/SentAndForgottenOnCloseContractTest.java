package io.quarry.insights;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientClosedException;
import io.quarry.core.ClientConfig;
import io.quarry.core.testing.Eventually;
import io.quarry.insights.model.Click;
import io.quarry.insights.model.EventsResponse;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.Closing;
import io.quarry.testsupport.HeldAnswers;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * A click sent and forgotten, the way analytics events are sent, while the application shuts down: closing the client
 * delivers it when the service is slow but answers, and gives up on it after the close timeout when the host holds
 * it. The slow service's answer is held in the client until the close waits for it ({@link HeldAnswers}), so no test
 * waits out a delay.
 */
@Timeout(60)
@ExtendWith(MockServerExtension.class)
class SentAndForgottenOnCloseContractTest {

    private MockServer server;
    private MockServerCalls service;
    private MockHost host;

    @BeforeEach
    void setUp(MockServer server) {
        this.server = server;
        service = new MockServerCalls(server);
        service.send("PUT", "/1/indexes/products/a", "{'name':'red shoe'}");
        host = server.hosts().get(0);
    }

    private InsightsClient client(Duration closeTimeout) {
        return InsightsClient.create(MockServerClients.builder(server, server.adminKey())
                .closeTimeout(closeTimeout)
                .build());
    }

    /** A client whose answers wait until the test releases them; its close timeout outlasts any wait of the test. */
    private InsightsClient slowClient(HeldAnswers slow) {
        return InsightsClient.create(MockServerClients.builder(server, server.adminKey())
                .closeTimeout(ClientConfig.DEFAULT_CLOSE_TIMEOUT.multipliedBy(6))
                .httpClient(slow.httpClient())
                .build());
    }

    /** A click on the first hit of a search made with click analytics (the search goes to the host unfaulted). */
    private Click clickOnASearch() {
        JsonNode search = service.send("POST", "/1/indexes/products/query", "{'query':'shoe','clickAnalytics':true}");
        return Click.afterSearch(search.get("queryID").asString())
                .page(0)
                .hitsPerPage(20)
                .hit(0, "a");
    }

    /** Sends the click and waits for it to reach the host, but not for its answer. */
    private CompletableFuture<EventsResponse> sentAndForgotten(InsightsClient insights, Click click)
            throws InterruptedException {
        long before = host.requestCount();
        CompletableFuture<EventsResponse> sent =
                insights.user("user-1").clickedObjectIDsAfterSearchAsync("Clicked", "products", click);
        Eventually.waitUntil("the click to reach the host", () -> host.requestCount() == before + 1);
        return sent;
    }

    private int clicksCounted() {
        return service.send("GET", "/2/searches?index=products&clickAnalytics=true", null)
                .get("searches")
                .get(0)
                .get("clickCount")
                .asInt();
    }

    @Test
    void closingDeliversAClickTheSlowServiceIsStillAnswering() throws Exception {
        Click click = clickOnASearch();
        try (HeldAnswers slow = new HeldAnswers()) {
            InsightsClient insights = slowClient(slow);
            CompletableFuture<EventsResponse> sent = sentAndForgotten(insights, click);
            Eventually.waitUntil("the click's answer to be held", () -> slow.held() == 1);
            assertThat(sent).isNotDone();

            Closing closing = Closing.start(insights);
            closing.awaitWaiting();
            slow.release();
            closing.awaitEnd();

            // the call ended before close() returned; its future may complete a moment later, on the sender's thread
            assertThat(sent).succeedsWithin(Eventually.DEFAULT_LIMIT).isEqualTo(new EventsResponse(200, "OK"));
            assertThat(clicksCounted()).isEqualTo(1);
        }
    }

    @Test
    void closingGivesUpOnAClickTheHostHoldsOnceTheCloseTimeoutPassed() throws Exception {
        Click click = clickOnASearch();
        host.faults().hold(Duration.ofSeconds(50));
        Duration closeTimeout = Duration.ofMillis(200);
        InsightsClient insights = client(closeTimeout);
        CompletableFuture<EventsResponse> sent = sentAndForgotten(insights, click);

        // the close timeout passed, not the hold: the host held the click far longer
        Closing.assertGaveUpAfter(Closing.timed(insights), closeTimeout);
        assertThat(sent)
                .failsWithin(Eventually.DEFAULT_LIMIT)
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isInstanceOf(ClientClosedException.class)
                .withMessageContaining("was in flight");
        host.faults().clear();
        assertThat(clicksCounted()).isZero();
    }
}
