package io.quarry.core.internal;

import java.io.IOException;
import java.net.ProtocolException;
import okhttp3.Connection;
import okhttp3.Headers;
import okhttp3.Protocol;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.ForwardingSource;
import okio.Okio;
import okio.Source;

/**
 * Holds an HTTP/1 answer to one body length. OkHttp reads a body by the last {@code Content-Length} field, and reads
 * one whose field is a list ({@code 16, 16}, as a proxy folding repeated fields writes it) or not a number until the
 * server closes the connection, which a server keeping it alive never does: the call waited for its read timeout. So
 * an answer whose lengths disagree, or whose length is not a number, is refused and its connection closed, as HTTP
 * asks of a client (RFC 9112, section 6.3: the value could be cut or carry the start of the next answer); one whose
 * list repeats a single length is read by that length, as HTTP allows, its connection then closed by OkHttp; and a
 * chunked answer is left to its chunks, which override any length. OkHttp decodes no transfer coding but chunked, and
 * only when the last {@code Transfer-Encoding} field is {@code chunked} alone: an answer in another coding
 * ({@code gzip, chunked}) was read by its length or until the connection closed, its chunks' sizes and compressed bytes
 * taken for the body, or waited for the read timeout on a connection kept alive. So an answer whose transfer codings
 * are anything but chunked once (an obsolete {@code identity} counts as none) is refused and its connection closed.
 *
 * <p>Its cost, on every answer: one pass over the header names, comparing each with {@code Content-Length} and
 * {@code Transfer-Encoding}, then a look for a comma in the answer's one length and a check of its digits, or a look at
 * its one transfer coding; nothing allocated but for an answer refused or in several codings.
 */
final class ResponseFraming {

    /** {@link #length}: the answer is read as OkHttp reads it. */
    static final long AS_IS = -1;
    /** {@link #length}: the answer's lengths disagree or are not numbers. */
    static final long AMBIGUOUS = -2;
    /** {@link #length}: the answer is in a transfer coding OkHttp does not decode. */
    static final long UNDECODED_CODING = -3;

    private static final String CONTENT_LENGTH = "Content-Length";
    private static final String TRANSFER_ENCODING = "Transfer-Encoding";

    private ResponseFraming() {}

    /** The answer's framing cannot be followed: its connection is closed and the answer discarded. */
    static class Refused extends ProtocolException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    /** The answer's lengths disagree or are not numbers. */
    static final class AmbiguousLength extends Refused {
        private static final long serialVersionUID = 1L;

        AmbiguousLength(String values) {
            super("the answer's Content-Length fields disagree or are not numbers (" + values
                    + "): its body cannot be told from what follows it");
        }
    }

    /**
     * The answer is in a transfer coding the client does not decode. Its head is framed as HTTP asks, so its status is
     * the server's answer to this request: a success status means a write was applied, though its body cannot be read.
     */
    static final class UndecodedCoding extends Refused {
        private static final long serialVersionUID = 1L;

        /** The answer's status. */
        private final int status;

        UndecodedCoding(String codings, int status) {
            super("the answer's Transfer-Encoding is '" + codings
                    + "', which the client does not decode (only chunked, once): its body cannot be read");
            this.status = status;
        }

        /** Whether the server answered with a success status. */
        boolean success() {
            return status >= 200 && status < 300;
        }
    }

    /**
     * @param response an answer as it came off the network, before its body is read
     * @return {@link #AS_IS} (nearly always), {@link #AMBIGUOUS}, {@link #UNDECODED_CODING}, or the length to read
     *     the body by when its field is a list of that one length
     */
    static long length(Response response) {
        Protocol protocol = response.protocol();
        int status = response.code();
        if ((protocol != Protocol.HTTP_1_1 && protocol != Protocol.HTTP_1_0)
                || status == 204
                || status == 304
                || response.request().method().equals("HEAD")) {
            return AS_IS; // HTTP/2 frames its bodies itself; these answers have none, whatever their length says
        }
        Headers headers = response.headers();
        String first = null;
        boolean listed = false;
        boolean disagree = false;
        boolean chunked = false;
        int codings = 0;
        for (int i = 0, n = headers.size(); i < n; i++) {
            String name = headers.name(i);
            if (name.equalsIgnoreCase(TRANSFER_ENCODING)) {
                String value = headers.value(i).trim();
                // OkHttp decodes the chunks when its last such field says chunked alone
                chunked = value.equalsIgnoreCase("chunked");
                codings += chunked ? 1 : codings(value);
                continue;
            }
            if (!name.equalsIgnoreCase(CONTENT_LENGTH)) {
                continue;
            }
            String value = headers.value(i);
            if (value.indexOf(',') < 0) {
                String length = value.trim();
                if (first == null) {
                    first = length;
                } else {
                    disagree |= !first.equals(length);
                }
                continue;
            }
            listed = true;
            for (String part : value.split(",", -1)) {
                String length = part.trim();
                if (first == null) {
                    first = length;
                } else {
                    disagree |= !first.equals(length);
                }
            }
        }
        if (codings > 1 || (codings == 1 && !chunked)) {
            return UNDECODED_CODING; // a coding other than chunked, chunked twice, or chunked not read as such
        }
        if (chunked || first == null) {
            return AS_IS; // chunks frame the body, and override any length (RFC 9112, section 6.3)
        }
        if (disagree || !isDecimal(first)) {
            return AMBIGUOUS; // OkHttp would read a length that is no number until the connection closes
        }
        return listed ? Long.parseLong(first) : AS_IS;
    }

    /**
     * @param response an answer {@link #length} found {@link #AMBIGUOUS} or {@link #UNDECODED_CODING}
     * @param length   what it found
     * @return the failure to end its try with
     */
    static Refused refused(Response response, long length) {
        return length == UNDECODED_CODING
                ? new UndecodedCoding(String.join(", ", response.headers(TRANSFER_ENCODING)), response.code())
                : new AmbiguousLength(String.join(" and ", response.headers(CONTENT_LENGTH)));
    }

    /** How many transfer codings a field lists, leaving out empty elements and the obsolete {@code identity}. */
    private static int codings(String value) {
        int count = 0;
        for (String element : value.split(",", -1)) {
            String coding = element.trim();
            if (!coding.isEmpty() && !coding.equalsIgnoreCase("identity")) {
                count++;
            }
        }
        return count;
    }

    /**
     * @param response an answer whose field lists one length
     * @param length   that length
     * @return the answer, its body ending after that many bytes
     */
    static Response limitedTo(Response response, long length) {
        ResponseBody body = response.body();
        ResponseBody limited =
                ResponseBody.create(Okio.buffer(new Limited(body.source(), length)), body.contentType(), length);
        return response.newBuilder().body(limited).build();
    }

    /**
     * Whether an HTTP/1 answer has no body by HTTP's rule whatever its headers say (RFC 9112, section 6.3): a 204, a 304,
     * or a 101 the client asked for no upgrade with. Whatever bytes follow its head on the connection are no answer to
     * a later request: a server that writes a body after such an answer (or a second answer, or another protocol after a
     * 101) leaves them for the next request on the connection, which read them as its own answer or failed on them. So
     * its connection is closed ({@link #closeConnection}) and its body taken as empty ({@link #withoutBody}). The
     * service answers none of these; a proxy may. Its cost, on every answer: a look at the status.
     *
     * @param response an answer as it came off the network, before its body is read
     * @return whether it has no body and its connection is not to be used again
     */
    static boolean bodiless(Response response) {
        int status = response.code();
        return (status == 204 || status == 304 || status == 101)
                && (response.protocol() == Protocol.HTTP_1_1 || response.protocol() == Protocol.HTTP_1_0)
                && !response.request().method().equals("HEAD");
    }

    /**
     * Closes the connection of a {@link #bodiless} answer, before OkHttp opens its body and gives the connection back
     * to the pool: a pooled connection whose socket is closed is never taken again (OkHttp drops it when it finds it
     * closed).
     *
     * @param connection the answer's connection
     */
    static void closeConnection(Connection connection) {
        try {
            connection.socket().close();
        } catch (IOException e) {
            // closed either way
        }
    }

    /**
     * @param response a {@link #bodiless} answer, whose connection is closed
     * @return the answer with an empty body: OkHttp reads a body its {@code Content-Length} or chunks promise, which
     *     the server never sends (a 304's length gives the size of the body it would have had), and waited for it
     *     until the read timeout
     */
    static Response withoutBody(Response response) {
        ResponseBody body = response.body();
        okhttp3.MediaType type = body.contentType();
        body.close();
        return response.newBuilder()
                .body(ResponseBody.create(okio.ByteString.EMPTY, type))
                .build();
    }

    private static boolean isDecimal(String text) {
        if (text.isEmpty() || text.length() > 18) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** A source that ends after its length, and fails if the connection ends first. */
    private static final class Limited extends ForwardingSource {
        private long left;

        Limited(Source delegate, long length) {
            super(delegate);
            this.left = length;
        }

        @Override
        public long read(Buffer sink, long byteCount) throws IOException {
            if (left == 0) {
                return -1;
            }
            long read = super.read(sink, Math.min(byteCount, left));
            if (read < 0) {
                throw new ProtocolException("unexpected end of stream");
            }
            left -= read;
            return read;
        }
    }
}
