package io.quarry.core;

import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.LoopbackHttp;
import io.quarry.core.testing.RecordingObserver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An asynchronous call cancelled while its answer is decoded, the rest of the answer still on its way: the read
 * fails because of the cancel, not the host, so the host stays up. Before, it was marked down as if it had failed,
 * sending the next calls to another host.
 *
 * <p>The call cancels itself, on the thread decoding its answer, as the first item is read: the server holds the answer
 * until the test has handed the call's future over, and the read timeout is far longer than any wait here, so no
 * timeout can end the read before the cancel does. Before, the test's thread cancelled the call once told the first
 * item was read; a test thread held off the processor past the read timeout (a machine at a load of 24) let the read
 * time out first, which marked the host down and failed the test.
 */
@Timeout(60)
class CancelledWhileDecodingTest {

    private static final Endpoint GET_OBJECT = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");

    /** The call cancelled when the next answer's first item is read, if set. */
    private static final AtomicReference<CompletableFuture<?>> CANCEL_ON_FIRST_ITEM = new AtomicReference<>();
    /** The read timeout: no wait of the test comes near it. */
    private static final Duration READ_TIMEOUT = Duration.ofMinutes(5);

    /** An item of the answer; reading the first may cancel the call, while the rest is on its way. */
    record Item(int n) {
        Item {
            CompletableFuture<?> toCancel = n == 0 ? CANCEL_ON_FIRST_ITEM.getAndSet(null) : null;
            if (toCancel != null) {
                toCancel.cancel(false);
            }
        }
    }

    @Test
    void aCallCancelledWhileItsAnswerArrivesBlamesNoHost() throws Exception {
        AtomicInteger answered = new AtomicInteger();
        CountDownLatch callHandedOver = new CountDownLatch(1);
        // the first answer, once the call to cancel is known: half its body, then nothing until the client goes away;
        // the next ones whole
        FaultyHttpServer.Behaviour halfThenHold = (socket, out) -> {
            try {
                if (!callHandedOver.await(READ_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            byte[] body = items(10_000);
            out.write(
                    ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                            .getBytes(StandardCharsets.ISO_8859_1));
            out.write(body, 0, body.length / 2);
            out.flush();
            while (socket.getInputStream().read() >= 0) {
                // waits for the client to close the connection
            }
        };
        FaultyHttpServer.Behaviour whole = FaultyHttpServer.answer(200, "application/json", "[{\"n\":1}]");
        CountDownLatch readFailed = new CountDownLatch(1);
        OkHttpClient listening = LoopbackHttp.loopbackDnsClient()
                .newBuilder()
                .eventListener(new EventListener() {
                    @Override
                    public void callFailed(Call call, IOException e) {
                        readFailed.countDown();
                    }
                })
                .build();
        RecordingObserver observer = new RecordingObserver();
        try (FaultyHttpServer server = new FaultyHttpServer((socket, out) ->
                        (answered.getAndIncrement() == 0 ? halfThenHold : whole).respond(socket, out));
                ApiClient api = client(
                        config("key", host("first.test", server.port()), host("second.test", LoopbackHttp.closedPort()))
                                .httpClient(listening)
                                .readTimeout(READ_TIMEOUT)
                                .callObserver(observer)
                                .build())) {
            CompletableFuture<List<Item>> call = items(api);
            CANCEL_ON_FIRST_ITEM.set(call);
            callHandedOver.countDown();
            Eventually.waitUntil("the call cancelled", call::isCancelled);
            observer.awaitEnded(Eventually.DEFAULT_LIMIT);
            Eventually.waitUntil("the read of the rest failed", () -> readFailed.getCount() == 0);

            assertThat(items(api).get()).hasSize(1);
            List<RecordingObserver.Call> calls = observer.calls();
            assertThat(calls.get(1).tryStarts())
                    .as("the next call's tries: the first host still")
                    .extracting(start -> start.host().toString())
                    .singleElement()
                    .asString()
                    .contains("first.test");
            assertThat(calls).allMatch(c -> c.endCount() == 1);
        }
    }

    private static byte[] items(int count) {
        StringBuilder items = new StringBuilder("[");
        for (int n = 0; n < count; n++) {
            items.append(n == 0 ? "" : ",").append("{\"n\":").append(n).append('}');
        }
        return items.append(']').toString().getBytes(StandardCharsets.UTF_8);
    }

    private static CompletableFuture<List<Item>> items(ApiClient api) {
        return api.request(GET_OBJECT)
                .path("indexName", "products")
                .path("objectID", "1")
                .executeAsync(new TypeRef<List<Item>>() {});
    }
}
