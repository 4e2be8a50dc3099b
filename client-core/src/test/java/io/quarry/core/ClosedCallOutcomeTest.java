package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.LoopbackHttp;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the error of a call that {@code close()} cancelled says of its request, so that the caller of an asynchronous
 * write knows whether to send it again: one that had not gone out (here its host name is still being looked up) was
 * surely not applied; one the server took may have been. Before, both said the write may have been applied.
 */
class ClosedCallOutcomeTest {

    private static final Endpoint SAVE = Endpoint.write("saveObject", "PUT", "/1/indexes/{indexName}/{objectID}");
    /** How long the silent server holds a request; only a bound, the client closes long before. */
    private static final Duration SILENCE = Duration.ofSeconds(30);

    /** Released when the test ends: until then, looking up {@code silent.test} blocks. */
    private final CountDownLatch resolverAnswers = new CountDownLatch(1);

    private final AtomicInteger lookups = new AtomicInteger();

    @AfterEach
    void release() {
        resolverAnswers.countDown();
    }

    @Test
    void aWriteCancelledBeforeItWentOutSaysItWasNotApplied() throws Exception {
        try (FaultyHttpServer server = new FaultyHttpServer(FaultyHttpServer.silence(SILENCE.toMillis()))) {
            ApiClient api = LoopbackHttp.client(ClientConfig.builder("app", "SECRET-KEY")
                    .hosts(Host.of("http://silent.test:" + server.port()))
                    .allowInsecureHttp()
                    .httpClient(resolverSilentFor("silent.test"))
                    .connectTimeout(Duration.ofMinutes(10))
                    .closeTimeout(Duration.ZERO) // the cancellation is the subject: no grace for calls in flight
                    .build());
            CompletableFuture<Map<String, Object>> write = save(api);
            Eventually.waitUntil("the lookup of silent.test to start", () -> lookups.get() == 1);

            api.close();

            assertThat(failureOf(write))
                    .isInstanceOf(ClientClosedException.class)
                    .hasMessage("the client was closed before PUT /1/indexes/books/1 was sent; the call was cancelled"
                            + " (the write was not applied)");
            assertThat(server.requests()).isZero();
        }
    }

    @Test
    void aWriteCancelledAfterTheServerTookItSaysItMayHaveBeenApplied() throws Exception {
        try (FaultyHttpServer server = new FaultyHttpServer(FaultyHttpServer.silence(SILENCE.toMillis()))) {
            ApiClient api =
                    LoopbackHttp.client(LoopbackHttp.config("SECRET-KEY", LoopbackHttp.host("one.test", server.port()))
                            .writeTimeout(SILENCE)
                            .closeTimeout(Duration.ZERO) // the cancellation is the subject
                            .build());
            CompletableFuture<Map<String, Object>> write = save(api);
            Eventually.waitUntil("the write to reach the silent server", () -> server.requests() == 1);

            api.close();

            assertThat(failureOf(write))
                    .isInstanceOf(ClientClosedException.class)
                    .hasMessage("the client was closed while PUT /1/indexes/books/1 was in flight; the call was"
                            + " cancelled (the write may have been applied)");
        }
    }

    private static CompletableFuture<Map<String, Object>> save(ApiClient api) {
        return api.request(SAVE)
                .path("indexName", "books")
                .path("objectID", "1")
                .body(Map.of("title", "Dune"))
                .executeAsync(new TypeRef<Map<String, Object>>() {});
    }

    private static Throwable failureOf(CompletableFuture<?> call) throws Exception {
        try {
            call.get(Eventually.DEFAULT_LIMIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("the call did not fail");
    }

    private OkHttpClient resolverSilentFor(String silentName) {
        return new OkHttpClient.Builder()
                .dns(name -> {
                    if (name.equals(silentName)) {
                        lookups.incrementAndGet();
                        try {
                            resolverAnswers.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    return List.of(InetAddress.getByAddress(name, new byte[] {127, 0, 0, 1}));
                })
                .build();
    }
}
