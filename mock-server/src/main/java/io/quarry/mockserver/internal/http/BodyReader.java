package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.http.wire.HttpRefusal;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.SocketTimeoutException;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads a request body on its connection's thread, gunzipping as it goes when the body is gzipped, and stops at the
 * first limit crossed, so a small gzip body that would inflate to gigabytes costs at most the decoded limit. Fails
 * with an {@link ApiException}: 413 too large, 400 truncated or invalid gzip, 415 unknown encoding, 503 no room, 408
 * too slow, 400 a body the HTTP layer cannot read (a malformed chunked encoding, or a body that ends before its
 * length); with an {@link UncheckedIOException} when the client went away.
 */
final class BodyReader {

    private static final int CHUNK_BYTES = 16 * 1024;

    private BodyReader() {}

    /**
     * {@return whether the body is gzipped}
     *
     * @param contentEncoding the {@code Content-Encoding} header, or {@code null}
     * @throws ApiException 415 for an encoding other than gzip or identity
     */
    static boolean gzipped(String contentEncoding) {
        if (contentEncoding == null || contentEncoding.isBlank()) {
            return false;
        }
        String encoding = contentEncoding.trim().toLowerCase(Locale.ROOT);
        if (encoding.equals("gzip")) {
            return true;
        }
        if (!encoding.equals("identity")) {
            // the coding it takes, as RFC 9110 (section 15.5.16) asks of a 415 refusing a coding
            throw new ApiException(
                    415,
                    "Unsupported Content-Encoding: " + Sanitize.shortText(contentEncoding),
                    Map.of("Accept-Encoding", "gzip"));
        }
        return false;
    }

    /**
     * {@return the decoded body}
     *
     * @param exchange the request, which holds the body's bytes of the budget
     * @param wire the body as it comes off the wire
     * @param gzipped whether to gunzip it
     * @param limits the size limits
     * @param contentLength the body's {@code Content-Length} (within the limits), or -1 when it comes in chunks
     */
    static byte[] read(Exchange exchange, InputStream wire, boolean gzipped, BodyLimits limits, long contentLength) {
        long most = gzipped || contentLength < 0 ? limits.maxDecodedBytes() : contentLength;
        BodyBuffer decoded = new BodyBuffer(exchange, Math.min(most, Integer.MAX_VALUE - 8));
        byte[] chunk = new byte[CHUNK_BYTES];
        InputStream counted = new WireLimit(wire, limits.maxWireBytes());
        try (InputStream in = gzipped ? new GZIPInputStream(counted, CHUNK_BYTES) : counted) {
            for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
                if (decoded.size() + (long) n > limits.maxDecodedBytes()) {
                    throw tooLarge(limits.maxDecodedBytes());
                }
                decoded.write(chunk, n);
            }
        } catch (HttpRefusal refusal) {
            throw ApiException.badRequest(refusal.getMessage());
        } catch (SocketTimeoutException slow) {
            throw new ApiException(408, "The request body took too long to arrive");
        } catch (EOFException truncated) {
            throw ApiException.badRequest("Invalid gzip body: it ends before the gzip stream does");
        } catch (ZipException invalid) {
            throw ApiException.badRequest("Invalid gzip body");
        } catch (IOException gone) {
            throw new UncheckedIOException(gone);
        }
        return decoded.toByteArray();
    }

    private static ApiException tooLarge(long limit) {
        return new ApiException(413, "The request body is larger than the limit of " + limit + " bytes");
    }

    /** The body's bytes as they come off the wire (after chunked decoding), refused past the limit. */
    private static final class WireLimit extends InputStream {

        private final InputStream in;
        private final long limit;
        private long read;

        WireLimit(InputStream in, long limit) {
            this.in = in;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            int n = in.read(into, offset, length);
            if (n > 0) {
                read += n;
                if (read > limit) {
                    throw tooLarge(limit);
                }
            }
            return n;
        }
    }
}
