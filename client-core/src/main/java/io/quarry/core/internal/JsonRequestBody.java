package io.quarry.core.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.GZIPOutputStream;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okio.BufferedSink;
import tools.jackson.core.JacksonException;

/**
 * A request body that Jackson writes, optionally through gzip, without an intermediate String or byte array.
 *
 * <p>A body of up to {@link #MAX_BUFFERED} bytes (every search, most batches) is serialised once into pooled
 * arrays ({@link PooledBytes}) and sent with a {@code Content-Length}: the request then leaves in as few packets
 * as possible and the server reads it without chunked decoding, which measurably shortens every call, while a
 * client sending batch after batch does not allocate each body anew. A body of a few kilobytes (a search) is then
 * copied out of the pooled array, which goes back at once, so it waits for its connection without holding one. A
 * larger body is streamed straight into the
 * connection, chunked, so it is never held in memory whole. Either way it can be written again (a retried request
 * serialises it anew).
 */
final class JsonRequestBody extends RequestBody {

    static final MediaType JSON = MediaType.get("application/json; charset=UTF-8");

    /** Bodies up to this size are sent with a length; larger ones are streamed. */
    static final long MAX_BUFFERED = 1L << 20;

    /** A serialisation failure, carried through OkHttp as an I/O failure and then reported as such. */
    static final class BodyWriteException extends IOException {
        private static final long serialVersionUID = 1L;

        BodyWriteException(JacksonException cause) {
            super("request body cannot be serialised as JSON" + JsonFailures.writingProblem(cause), cause);
        }
    }

    /** Stops the serialisation into the buffer once the body is known to be too large for it. */
    private static final class TooLargeToBuffer extends IOException {
        private static final long serialVersionUID = 1L;

        TooLargeToBuffer() {
            super("body larger than the buffering cap");
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            // a control signal: its stack is never looked at
            return this;
        }
    }

    private final Object value;
    private final boolean gzip;
    private final long maxBuffered;
    /** The client's JSON when it has a record mapper; null for the SDK's own. */
    private final RecordMapperJson recordMapper;

    private boolean measured;
    /** The serialised body until its first write, when it is sent with a length; else null. */
    private PooledBytes buffered;

    private long length = -1;
    /** Why serialising the body failed, when it was serialised ahead of its first write; else null. */
    private Exception failure;

    JsonRequestBody(Object value, boolean gzip) {
        this(value, gzip, MAX_BUFFERED, null);
    }

    JsonRequestBody(Object value, boolean gzip, RecordMapperJson recordMapper) {
        this(value, gzip, MAX_BUFFERED, recordMapper);
    }

    JsonRequestBody(Object value, boolean gzip, long maxBuffered) {
        this(value, gzip, maxBuffered, null);
    }

    private JsonRequestBody(Object value, boolean gzip, long maxBuffered, RecordMapperJson recordMapper) {
        this.value = value;
        this.gzip = gzip;
        this.maxBuffered = maxBuffered;
        this.recordMapper = recordMapper;
    }

    @Override
    public MediaType contentType() {
        return JSON;
    }

    /**
     * Serialises the body now, on the calling thread, rather than when the connection asks for its length: an
     * asynchronous call then does it on the thread that made the call, as a hand-written client would, instead of
     * on one of the many threads that send calls (where Jackson's buffer pool is contended). A body too large to
     * buffer is still streamed when sent. A failure is kept and thrown where it would have been: when the request
     * is sent.
     */
    void prepare() {
        try {
            contentLength();
        } catch (IOException | RuntimeException e) {
            failure = e;
        }
    }

    @Override
    public long contentLength() throws IOException {
        if (failure != null) {
            if (failure instanceof IOException io) {
                throw io;
            }
            throw (RuntimeException) failure;
        }
        if (!measured) {
            measured = true;
            PooledBytes bytes = new PooledBytes();
            try {
                serialize(new CappedStream(bytes, maxBuffered));
            } catch (TooLargeToBuffer e) {
                bytes.release();
                return -1;
            } catch (IOException | RuntimeException e) {
                bytes.release();
                throw e;
            }
            // it may wait a while for its connection: a small body does not hold a pooled array meanwhile
            bytes.setApartIfSmall();
            buffered = bytes;
            length = bytes.size();
        }
        return length;
    }

    /** {@return whether the body was found too large to serialise ahead, so it is streamed as it is sent} */
    boolean streamed() {
        return measured && failure == null && length < 0;
    }

    /**
     * Clears and gives back the arrays measured ahead of a write that never came (the try was cancelled, interrupted
     * or failed before its body was sent); nothing once the body was written.
     */
    void discardUnsent() {
        PooledBytes body = buffered;
        buffered = null;
        if (body != null) {
            body.release();
        }
    }

    @Override
    public void writeTo(BufferedSink sink) throws IOException {
        if (contentLength() < 0) {
            serialize(sink.outputStream());
            return;
        }
        PooledBytes body = buffered;
        buffered = null;
        if (body == null) {
            // a second write (an interceptor's copy, a re-sent request): serialise again, to the same length
            body = new PooledBytes();
            try {
                serialize(body);
            } catch (IOException | RuntimeException e) {
                body.release();
                throw e;
            }
            if (body.size() != length) {
                long size = body.size();
                body.release();
                throw new IOException("request body changed while being sent: " + size + " bytes instead of " + length);
            }
        }
        // copied into okio's pooled segments as the socket drains them; the arrays go back to their pool
        body.writeToAndRelease(sink);
    }

    private void serialize(OutputStream target) throws IOException {
        GZIPOutputStream zipped = gzip ? new GZIPOutputStream(target, 8192) : null;
        try {
            OutputStream out = zipped != null ? zipped : target;
            if (recordMapper == null) {
                Json.write(value, out);
            } else {
                recordMapper.write(value, out);
            }
        } catch (JacksonException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new BodyWriteException(e);
        }
        if (zipped != null) {
            zipped.finish();
        }
    }

    /** Passes bytes through until more than a cap have gone by. */
    private static final class CappedStream extends OutputStream {
        private final OutputStream out;
        private long left;

        CappedStream(OutputStream out, long cap) {
            this.out = out;
            this.left = cap;
        }

        @Override
        public void write(int b) throws IOException {
            take(1);
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            take(len);
            out.write(b, off, len);
        }

        private void take(int n) throws TooLargeToBuffer {
            left -= n;
            if (left < 0) {
                throw new TooLargeToBuffer();
            }
        }
    }
}
