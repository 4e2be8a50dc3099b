package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.LoopbackHttp;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A resolver that never answers for one host's name, as in a DNS provider's outage: the lookup is bounded by the
 * connect timeout, so the call moves on to the next host, or fails within its deadline, rather than waiting as long
 * as the resolver does (here: until the test ends). Before, OkHttp's blocking lookup ignored every limit.
 */
@Timeout(30)
class UnansweredDnsTest {

    private static final Endpoint GET = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");

    /**
     * The limit of a silent lookup, which every test of it waits out: short, since no answer is coming, and an answer
     * the resolver has is handed over at once.
     */
    private static final Duration CONNECT_TIMEOUT = Duration.ofMillis(100);

    /** The call deadline that ends a silent lookup before a long connect timeout would. */
    private static final Duration CALL_DEADLINE = Duration.ofMillis(100);

    /** Released when the test ends: until then, looking up {@code silent.test} blocks. */
    private final CountDownLatch resolverAnswers = new CountDownLatch(1);

    private final AtomicInteger silentLookups = new AtomicInteger();

    private final FaultyHttpServer healthy =
            new FaultyHttpServer(FaultyHttpServer.answer(200, "application/json", "{\"objectID\":\"1\"}"));

    @AfterEach
    void release() {
        resolverAnswers.countDown();
        healthy.close();
    }

    private OkHttpClient silentResolver() {
        return silentResolver(EventListener.NONE);
    }

    private OkHttpClient silentResolver(EventListener listener) {
        return new OkHttpClient.Builder()
                .eventListener(listener)
                .dns(name -> {
                    if (name.equals("silent.test")) {
                        silentLookups.incrementAndGet();
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

    private ApiClient client(Host... hosts) {
        return LoopbackHttp.client(ClientConfig.builder("app", "SECRET-KEY")
                .hosts(hosts)
                .allowInsecureHttp()
                .httpClient(silentResolver())
                .connectTimeout(CONNECT_TIMEOUT)
                .build());
    }

    private static FreeFormRecord getAsync(ApiClient api) throws Exception {
        return api.request(GET)
                .path("indexName", "products")
                .path("objectID", "1")
                .executeAsync(FreeFormRecord.class)
                .get(20, TimeUnit.SECONDS);
    }

    private static FreeFormRecord get(ApiClient api) {
        return api.request(GET)
                .path("indexName", "products")
                .path("objectID", "1")
                .execute(FreeFormRecord.class);
    }

    @Test
    void aCallMovesOnFromAHostWhoseNameGetsNoAnswer() throws Exception {
        try (ApiClient api = client(
                Host.of("http://silent.test:" + healthy.port()), Host.of("http://healthy.test:" + healthy.port()))) {
            assertThat(get(api).objectID()).contains("1");
            assertThat(api.request(GET)
                            .path("indexName", "products")
                            .path("objectID", "1")
                            .executeAsync(FreeFormRecord.class)
                            .get(20, TimeUnit.SECONDS)
                            .objectID())
                    .contains("1");
        }
        assertThat(healthy.requests()).isEqualTo(2);
    }

    @Test
    void withNoOtherHostTheCallFailsAsUnresolvedAndLookupsDoNotPileUp() {
        try (ApiClient api = client(Host.of("http://silent.test:" + healthy.port()))) {
            for (int call = 0; call < 3; call++) {
                assertThatThrownBy(() -> get(api)).isInstanceOfSatisfying(UnreachableHostsException.class, e -> {
                    assertThat(e.attempts().get(0).error())
                            .isInstanceOf(TransportException.class)
                            .hasMessageContaining("UnknownHostException: no address for silent.test within "
                                    + CONNECT_TIMEOUT.toMillis() + " ms");
                    assertThat(e.getMessage()).doesNotContain("SECRET-KEY");
                });
            }
            assertThatThrownBy(() -> api.request(GET)
                            .path("indexName", "products")
                            .path("objectID", "1")
                            .executeAsync(FreeFormRecord.class)
                            .join())
                    .isInstanceOf(CompletionException.class)
                    .hasCauseInstanceOf(UnreachableHostsException.class);
        }
        // every call waited for the one lookup still running
        assertThat(silentLookups.get()).isEqualTo(1);
        assertThat(healthy.requests()).isZero();
    }

    @Test
    void aCallDeadlineShorterThanTheConnectTimeoutEndsTheLookupToo() {
        // the connect timeout alone would hold each call 20 s
        try (ApiClient api = LoopbackHttp.client(ClientConfig.builder("app", "SECRET-KEY")
                .hosts(Host.of("http://silent.test:" + healthy.port()))
                .allowInsecureHttp()
                .httpClient(silentResolver())
                .connectTimeout(Duration.ofSeconds(20))
                .callDeadline(CALL_DEADLINE)
                .build())) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> get(api))
                    .isInstanceOfSatisfying(
                            UnreachableHostsException.class,
                            e -> assertThat(e.getMessage())
                                    .contains("the call deadline of " + CALL_DEADLINE.toMillis() + " ms passed"));
            assertThatThrownBy(() -> getAsync(api))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(UnreachableHostsException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .as("two calls, each within its deadline rather than the 20 s connect timeout")
                    .isLessThan(Duration.ofSeconds(10));
        }
        assertThat(healthy.requests()).isZero();
    }

    @Test
    void anAttemptTimeoutShorterThanTheConnectTimeoutMovesTheCallOnSooner() throws Exception {
        try (ApiClient api = LoopbackHttp.client(ClientConfig.builder("app", "SECRET-KEY")
                .hosts(
                        Host.of("http://silent.test:" + healthy.port()),
                        Host.of("http://healthy.test:" + healthy.port()))
                .allowInsecureHttp()
                .httpClient(silentResolver())
                .connectTimeout(Duration.ofSeconds(20))
                // also the healthy host's try: a second for its answer on a busy machine too
                .attemptTimeout(Duration.ofSeconds(1))
                .build())) {
            long start = System.nanoTime();
            assertThat(get(api).objectID()).contains("1");
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .as("the silent host left after its 1 s try rather than the 20 s connect timeout")
                    .isLessThan(Duration.ofSeconds(10));
        }
        assertThat(healthy.requests()).isEqualTo(1);
    }

    @Test
    void cancellingAnAsyncCallEndsItsWaitForTheLookupAtOnce() throws Exception {
        // the connect timeout alone would hold the async thread 10 minutes after the cancel
        CountDownLatch callEnded = new CountDownLatch(1);
        try (ApiClient api = LoopbackHttp.client(ClientConfig.builder("app", "SECRET-KEY")
                .hosts(Host.of("http://silent.test:" + healthy.port()))
                .allowInsecureHttp()
                .httpClient(silentResolver(endedLatch(callEnded)))
                .connectTimeout(Duration.ofMinutes(10))
                .build())) {
            CompletableFuture<FreeFormRecord> call = api.request(GET)
                    .path("indexName", "products")
                    .path("objectID", "1")
                    .executeAsync(FreeFormRecord.class);
            awaitLookupStarted();

            assertThat(call.cancel(true)).isTrue();
            assertThat(call).isCancelled();
            assertThat(callEnded.await(20, TimeUnit.SECONDS))
                    .as("the try's thread left the lookup's wait and ended the call")
                    .isTrue();
        }
        assertThat(healthy.requests()).isZero();
    }

    @Test
    void closingTheClientEndsABlockingCallsWaitForTheLookup() throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch callReturned = new CountDownLatch(1);
        ApiClient api = LoopbackHttp.client(ClientConfig.builder("app", "SECRET-KEY")
                .hosts(Host.of("http://silent.test:" + healthy.port()))
                .allowInsecureHttp()
                .httpClient(silentResolver())
                .connectTimeout(Duration.ofMinutes(10))
                .closeTimeout(Duration.ZERO) // the cancel is the subject, not the grace before it
                .build());
        Thread caller = new Thread(() -> {
            try {
                get(api);
            } catch (Throwable e) {
                failure.set(e);
            } finally {
                callReturned.countDown();
            }
        });
        caller.setDaemon(true);
        caller.start();
        awaitLookupStarted();

        api.close();
        assertThat(callReturned.await(20, TimeUnit.SECONDS))
                .as("the call left the lookup's wait when the client closed")
                .isTrue();
        assertThat(failure.get()).isInstanceOf(ClientClosedException.class);
    }

    private void awaitLookupStarted() throws InterruptedException {
        Eventually.waitUntil("the lookup of silent.test to start", () -> silentLookups.get() == 1);
    }

    /** A listener counting down once OkHttp ends the call, failed or not. */
    private static EventListener endedLatch(CountDownLatch ended) {
        return new EventListener() {
            @Override
            public void callFailed(Call call, IOException ioe) {
                ended.countDown();
            }

            @Override
            public void callEnd(Call call) {
                ended.countDown();
            }
        };
    }
}
