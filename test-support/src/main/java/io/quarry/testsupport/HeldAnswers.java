package io.quarry.testsupport;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Response;

/**
 * A slow service without a delay to wait out: a client built with {@link #httpClient()} sends its requests, the
 * server answers them, and each answer waits in the client until the test calls {@link #release()}. A test waits for
 * an answer to be held ({@link #held()}), acts while the call is in flight (closes the client, say), then lets the
 * answers through; from then on none is held. A held call that is cancelled ends then, as one waiting on the network
 * would. Closing it releases what is still held and closes the connections its client kept open. {@link #first(int)}
 * holds only the first answers and lets the later ones through at once (one answer coming last, say).
 *
 * <pre>{@code
 * try (HeldAnswers slow = new HeldAnswers()) {
 *     InsightsClient insights = InsightsClient.create(
 *             MockServerClients.builder(server, server.adminKey()).httpClient(slow.httpClient()).build());
 *     CompletableFuture<List<EventsResponse>> sent = insights.sendAsync(events);
 *     Eventually.waitUntil("the first answer to be held", () -> slow.held() == 1);
 *     ...
 *     slow.release();
 * }
 * }</pre>
 */
public final class HeldAnswers implements AutoCloseable {

    /** How long an answer is held at most, so that a test that never releases it fails rather than hangs. */
    private static final Duration GUARD = Duration.ofSeconds(50);

    /** How often a held answer looks whether its call was cancelled. */
    private static final long CANCEL_CHECK_MILLIS = 10;

    private final CountDownLatch released = new CountDownLatch(1);
    private final AtomicInteger held = new AtomicInteger();
    private final AtomicInteger leftToHold;
    private final OkHttpClient client =
            new OkHttpClient.Builder().addInterceptor(this::hold).build();

    /** Holds every answer until {@link #release()}. */
    public HeldAnswers() {
        this(Integer.MAX_VALUE);
    }

    private HeldAnswers(int count) {
        leftToHold = new AtomicInteger(count);
    }

    /**
     * Holds the first answers only, until {@link #release()}; the later ones pass at once.
     *
     * @param count how many answers to hold, at least 1
     * @return answers held that way
     */
    public static HeldAnswers first(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("hold at least one answer, not " + count);
        }
        return new HeldAnswers(count);
    }

    /** {@return the OkHttp client to give the client under test ({@code ClientConfig.Builder.httpClient})} */
    public OkHttpClient httpClient() {
        return client;
    }

    /** {@return how many answers are held now} */
    public int held() {
        return held.get();
    }

    /** Lets every held answer through, and every later one at once. */
    public void release() {
        released.countDown();
    }

    /** Releases the answers still held and closes the connections the client kept open (Quarry leaves them). */
    @Override
    public void close() {
        release();
        client.connectionPool().evictAll();
    }

    private Response hold(Interceptor.Chain chain) throws IOException {
        Response answer = chain.proceed(chain.request());
        if (leftToHold.getAndUpdate(left -> Math.max(0, left - 1)) == 0) {
            return answer;
        }
        held.incrementAndGet();
        try {
            awaitRelease(chain);
            return answer;
        } catch (IOException | RuntimeException e) {
            answer.close();
            throw e;
        } finally {
            held.decrementAndGet();
        }
    }

    private void awaitRelease(Interceptor.Chain chain) throws IOException {
        long deadline = System.nanoTime() + GUARD.toNanos();
        try {
            while (!released.await(CANCEL_CHECK_MILLIS, TimeUnit.MILLISECONDS)) {
                if (chain.call().isCanceled()) {
                    throw new IOException("Canceled");
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new IOException("the answer was held " + GUARD.toSeconds() + " s and never released");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while its answer was held");
        }
    }
}
