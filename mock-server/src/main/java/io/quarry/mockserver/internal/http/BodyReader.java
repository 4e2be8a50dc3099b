package io.quarry.mockserver.internal.http;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.io.Content;

/**
 * Reads a request body without holding a thread while it arrives: asks Jetty for each chunk as it comes,
 * gunzips incrementally when the body is gzipped, and stops at the first limit crossed, so a small gzip body that
 * would inflate to gigabytes costs at most the decoded limit. Ends exactly once, with the bytes or an
 * {@link ApiException} (413 too large, 400 truncated or invalid gzip, 415 unknown encoding, 503 no room, 400 a
 * body the HTTP layer cannot read: a malformed chunked encoding, or a body that ends before its length).
 */
final class BodyReader {

    private final Content.Source source;
    private final BodyLimits limits;
    private final BodyBudget budget;
    private final Consumer<byte[]> onBody;
    private final Consumer<Throwable> onError;
    private final ByteArrayOutputStream decoded = new ByteArrayOutputStream();
    private final GzipDecoder gzip;
    private long wireBytes;
    private long reserved;
    private volatile boolean done;
    private volatile boolean complete;

    private BodyReader(
            Content.Source source,
            boolean gzipped,
            BodyLimits limits,
            BodyBudget budget,
            Consumer<byte[]> onBody,
            Consumer<Throwable> onError) {
        this.source = source;
        this.limits = limits;
        this.budget = budget;
        this.onBody = onBody;
        this.onError = onError;
        this.gzip = gzipped ? new GzipDecoder() : null;
    }

    /**
     * {@return a reader that has read nothing yet: the caller registers it (so the bytes it will reserve are
     *     released when the exchange ends, even if the exchange ends within {@link #begin()}), then calls
     *     {@link #begin()}}
     *
     * @param source the request content
     * @param contentEncoding the {@code Content-Encoding} header, or {@code null}
     * @param limits the size limits
     * @param budget the bytes buffered across requests
     * @param onBody given the decoded body
     * @param onError given the failure
     */
    static BodyReader create(
            Content.Source source,
            String contentEncoding,
            BodyLimits limits,
            BodyBudget budget,
            Consumer<byte[]> onBody,
            Consumer<Throwable> onError) {
        boolean gzipped = false;
        if (contentEncoding != null && !contentEncoding.isBlank()) {
            String encoding = contentEncoding.trim().toLowerCase(Locale.ROOT);
            if (encoding.equals("gzip")) {
                gzipped = true;
            } else if (!encoding.equals("identity")) {
                throw new ApiException(415, "Unsupported Content-Encoding: " + Sanitize.shortText(contentEncoding));
            }
        }
        return new BodyReader(source, gzipped, limits, budget, onBody, onError);
    }

    /**
     * Reads what has arrived and asks for the rest. A body that came with the headers is handed to
     * {@code onBody} before this returns, and its handler may answer (and end the exchange) within it.
     */
    void begin() {
        readAvailable();
    }

    /** {@return whether the whole body was read} */
    boolean isComplete() {
        return complete;
    }

    /** {@return whether the body was read (or failed)} */
    boolean isDone() {
        return done;
    }

    /** {@return the budget bytes this body holds} */
    synchronized long reserved() {
        return reserved;
    }

    /** Drains what has arrived, then asks to be called back when more comes. */
    private void readAvailable() {
        try {
            while (true) {
                Content.Chunk chunk = source.read();
                if (chunk == null) {
                    source.demand(this::readAvailable);
                    return;
                }
                try {
                    if (Content.Chunk.isFailure(chunk)) {
                        finishWithError(transportFailure(chunk.getFailure()));
                        return;
                    }
                    accept(chunk.getByteBuffer());
                } finally {
                    chunk.release();
                }
                if (chunk.isLast()) {
                    finishWithBody();
                    return;
                }
            }
        } catch (ApiException e) {
            finishWithError(e);
        } catch (RuntimeException e) {
            finishWithError(e);
        }
    }

    private void accept(ByteBuffer buffer) {
        int length = buffer.remaining();
        if (length == 0) {
            return;
        }
        wireBytes += length;
        if (wireBytes > limits.maxWireBytes()) {
            throw tooLarge(limits.maxWireBytes());
        }
        byte[] bytes = new byte[length];
        buffer.get(bytes);
        if (gzip == null) {
            append(bytes, 0, bytes.length);
        } else {
            gzip.feed(bytes, this::append);
        }
    }

    private void append(byte[] bytes, int offset, int length) {
        if (decoded.size() + (long) length > limits.maxDecodedBytes()) {
            throw tooLarge(limits.maxDecodedBytes());
        }
        synchronized (this) {
            if (!budget.reserve(length)) {
                throw new ApiException(503, "The mock server holds too many request bodies at once; retry later");
            }
            reserved += length;
        }
        decoded.write(bytes, offset, length);
    }

    private void finishWithBody() {
        if (gzip != null) {
            gzip.end();
        }
        if (gzip != null && !gzip.finished()) {
            finishWithError(ApiException.badRequest("Invalid gzip body: it ends before the gzip stream does"));
            return;
        }
        if (done) {
            return;
        }
        done = true;
        complete = true;
        onBody.accept(decoded.toByteArray());
    }

    private void finishWithError(Throwable failure) {
        if (gzip != null) {
            gzip.end();
        }
        if (done) {
            return;
        }
        done = true;
        onError.accept(failure);
    }

    /**
     * A body Jetty could not read because of the client (a bad chunk size line, a chunk cut short, fewer bytes
     * than {@code Content-Length}) is the client's error: a 400, never a 500. Jetty's own text is not echoed.
     */
    private static Throwable transportFailure(Throwable failure) {
        if (failure instanceof HttpException http && http.getCode() >= 400 && http.getCode() < 500) {
            return ApiException.badRequest(
                    "Malformed request body: invalid chunked encoding, or the body ended before it was complete");
        }
        return failure;
    }

    private static ApiException tooLarge(long limit) {
        return new ApiException(413, "The request body is larger than the limit of " + limit + " bytes");
    }

    /** An incremental gunzip: the gzip header and trailer by hand, the deflate data through an {@link Inflater}. */
    private static final class GzipDecoder {

        private final Inflater inflater = new Inflater(true);
        private final ByteArrayOutputStream header = new ByteArrayOutputStream();
        private final byte[] out = new byte[16 * 1024];
        private boolean headerDone;
        private int trailerLeft = 8;

        interface Sink {
            void write(byte[] bytes, int offset, int length);
        }

        void feed(byte[] bytes, Sink sink) {
            int offset = 0;
            if (!headerDone) {
                header.write(bytes, 0, bytes.length);
                byte[] seen = header.toByteArray();
                int headerLength = GzipHeader.length(seen);
                if (headerLength < 0) {
                    return;
                }
                headerDone = true;
                bytes = seen;
                offset = headerLength;
            }
            if (inflater.finished()) {
                trailerLeft -= Math.min(trailerLeft, bytes.length - offset);
                return;
            }
            inflater.setInput(bytes, offset, bytes.length - offset);
            try {
                while (!inflater.finished()) {
                    int n = inflater.inflate(out);
                    if (n > 0) {
                        sink.write(out, 0, n);
                    } else if (inflater.needsInput() || inflater.needsDictionary()) {
                        break;
                    }
                }
            } catch (DataFormatException e) {
                throw ApiException.badRequest("Invalid gzip body");
            }
            if (inflater.finished()) {
                trailerLeft -= Math.min(trailerLeft, inflater.getRemaining());
            }
        }

        private boolean ended;
        private boolean complete;

        boolean finished() {
            return ended ? complete : headerDone && inflater.finished() && trailerLeft == 0;
        }

        /** Frees the inflater's native memory; {@link #finished()} keeps its answer. */
        void end() {
            if (!ended) {
                complete = finished();
                ended = true;
                inflater.end();
            }
        }
    }
}
