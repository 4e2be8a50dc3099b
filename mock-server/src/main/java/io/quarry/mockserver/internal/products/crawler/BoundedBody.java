package io.quarry.mockserver.internal.products.crawler;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A response body read into memory up to a bound: past it the rest is not read, the exchange is cancelled and the
 * body fails with {@link TooLarge}; a body whose announced length is past the bound is refused before any of it is
 * read. (The JDK's own handlers read a body whole, or hand out a stream whose reads no deadline bounds.) The bytes
 * read so far are counted as they come, so that a fetch ended before the body's end (its deadline, a broken
 * connection) still tells what it read.
 */
final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {

    /** The body was longer than the bound. */
    static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge(int maxBytes) {
            super("The page is larger than " + maxBytes + " bytes");
        }
    }

    private final int maxBytes;
    private final long announcedBytes;
    private final AtomicLong read;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> body = new CompletableFuture<>();
    private Flow.Subscription subscription;

    /**
     * @param maxBytes the longest body read
     * @param announcedBytes the length the response announces ({@code Content-Length}), or -1 when it announces none
     * @param read told the bytes of each part of the body read, as it is read
     */
    BoundedBody(int maxBytes, long announcedBytes, AtomicLong read) {
        this.maxBytes = maxBytes;
        this.announcedBytes = announcedBytes;
        this.read = read;
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return body;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        if (announcedBytes > maxBytes) {
            // reading up to the bound would only spend the fetch's time on bytes refused anyway
            subscription.cancel();
            body.completeExceptionally(new TooLarge(maxBytes));
            return;
        }
        subscription.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (body.isDone()) {
            return; // buffers the publisher had under way when the body was refused
        }
        for (ByteBuffer buffer : buffers) {
            if (bytes.size() + buffer.remaining() > maxBytes) {
                subscription.cancel();
                body.completeExceptionally(new TooLarge(maxBytes));
                return;
            }
            byte[] chunk = new byte[buffer.remaining()];
            buffer.get(chunk);
            bytes.write(chunk, 0, chunk.length);
            read.addAndGet(chunk.length);
        }
        subscription.request(1);
    }

    @Override
    public void onError(Throwable failure) {
        body.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        body.complete(bytes.toByteArray());
    }
}
