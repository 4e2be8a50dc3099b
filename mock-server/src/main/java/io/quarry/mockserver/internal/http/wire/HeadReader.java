package io.quarry.mockserver.internal.http.wire;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads and checks a request's line and headers (RFC 9112): at most {@link #MAX_HEAD_BYTES} in all (a longer request
 * line alone is a 414, longer headers a 431) and {@link #MAX_HEADER_LINES} header lines (431), tokens where tokens
 * belong, no control characters (a value loses only its spaces and tabs around it), no line folding, one valid
 * {@code Host} (required on HTTP/1.1), and body framing that cannot be read two ways ({@code Content-Length} with
 * {@code Transfer-Encoding}, or two different lengths, are refused). Repeated {@code Connection} and {@code Expect}
 * lines are read as one list. A line may end with a bare LF (RFC 9112, section 2.2). The path and query are kept as
 * sent, percent-encoded: the router decodes each segment.
 */
final class HeadReader {

    /** The largest request line plus headers. */
    static final int MAX_HEAD_BYTES = 64 * 1024;

    /** The most header lines: a head of many tiny lines costs a map entry each. */
    static final int MAX_HEADER_LINES = 100;

    private final WireInput in;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    private int budget;

    private HeadReader(WireInput in) {
        this.in = in;
    }

    /**
     * {@return the next request's head, or {@code null} when the connection ended cleanly before it began}
     *
     * @param in the connection's input
     * @param headMillis how long the whole head may take once its first byte came
     * @throws HttpRefusal for a head that cannot be taken
     * @throws java.net.SocketTimeoutException when the head (or its first byte) did not come in time
     */
    static RequestHead read(WireInput in, long headMillis) throws IOException {
        HeadReader reader = new HeadReader(in);
        int first = in.read();
        if (first < 0) {
            return null;
        }
        in.deadlineIn(headMillis);
        return reader.parse(first);
    }

    private RequestHead parse(int first) throws IOException {
        budget = MAX_HEAD_BYTES;
        String requestLine = readLine(first, 414);
        // a few empty lines before a request are tolerated (a client's stray CRLF after a body)
        while (requestLine != null && requestLine.isEmpty()) {
            requestLine = readLine(-2, 414);
        }
        if (requestLine == null) {
            throw new HttpRefusal(400, "The connection ended within the request head");
        }
        int firstSpace = requestLine.indexOf(' ');
        int lastSpace = requestLine.lastIndexOf(' ');
        if (firstSpace <= 0 || lastSpace == firstSpace) {
            throw new HttpRefusal(400, "Malformed request line");
        }
        String method = requestLine.substring(0, firstSpace);
        String target = requestLine.substring(firstSpace + 1, lastSpace);
        String version = requestLine.substring(lastSpace + 1);
        if (!isToken(method)) {
            throw new HttpRefusal(400, "Malformed request method");
        }
        boolean http11 = httpVersion(version);
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        long contentLength = -1;
        String transferEncoding = null;
        String host = null;
        int hosts = 0;
        int lines = 0;
        while (true) {
            String header = readLine(-2, 431);
            if (header == null) {
                throw new HttpRefusal(400, "The connection ended within the request head");
            }
            if (header.isEmpty()) {
                break;
            }
            if (++lines > MAX_HEADER_LINES) {
                throw new HttpRefusal(431, "More than " + MAX_HEADER_LINES + " header lines");
            }
            char start = header.charAt(0);
            if (start == ' ' || start == '\t') {
                throw new HttpRefusal(400, "Folded header lines are not accepted");
            }
            int colon = header.indexOf(':');
            if (colon <= 0 || !isToken(header.substring(0, colon))) {
                throw new HttpRefusal(400, "Malformed header line");
            }
            String name = header.substring(0, colon);
            String value = withoutWhitespace(header, colon + 1);
            if (!isFieldValue(value)) {
                throw new HttpRefusal(400, "Control characters in a header value");
            }
            if (name.equalsIgnoreCase("Content-Length")) {
                contentLength = contentLength(value, contentLength);
            } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                if (transferEncoding != null) {
                    throw new HttpRefusal(400, "Transfer-Encoding appears twice");
                }
                transferEncoding = value;
            } else if (name.equalsIgnoreCase("Host")) {
                hosts++;
                host = value;
            }
            if (name.equalsIgnoreCase("Connection") || name.equalsIgnoreCase("Expect")) {
                // lists: every line counts (a later "close" too)
                headers.merge(name, value, (before, more) -> before + ", " + more);
            } else {
                headers.putIfAbsent(name, value);
            }
        }
        boolean chunked = false;
        if (transferEncoding != null) {
            if (contentLength >= 0 || !http11) {
                throw new HttpRefusal(400, "Transfer-Encoding is not accepted with Content-Length, nor on HTTP/1.0");
            }
            if (!transferEncoding.equalsIgnoreCase("chunked")) {
                throw new HttpRefusal(501, "Unsupported Transfer-Encoding; only chunked is accepted");
            }
            chunked = true;
        }
        String expect = headers.get("Expect");
        if (expect != null && !expect.equalsIgnoreCase("100-continue")) {
            throw new HttpRefusal(417, "Only Expect: 100-continue is understood");
        }
        // RFC 9112, section 3.2: one valid Host, required on HTTP/1.1
        if (hosts > 1 || host != null && !isHost(host)) {
            throw new HttpRefusal(400, hosts > 1 ? "Host appears twice" : "Invalid Host");
        }
        if (hosts == 0 && http11) {
            throw new HttpRefusal(400, "An HTTP/1.1 request needs a Host header");
        }
        return target(method, target, http11, headers, contentLength, chunked);
    }

    private static RequestHead target(
            String method, String target, boolean http11, Map<String, String> headers, long length, boolean chunked) {
        for (int i = 0; i < target.length(); i++) {
            char c = target.charAt(i);
            if (c <= ' ' || c == 0x7f) {
                throw new HttpRefusal(400, "Malformed request target");
            }
        }
        String pathAndQuery = target;
        if (target.equals("*")) {
            if (!method.equals("OPTIONS")) {
                throw new HttpRefusal(400, "The target * is for OPTIONS only");
            }
        } else if (!target.startsWith("/")) {
            // the absolute form, sent to proxies: the path starts after the authority
            String lower = target.toLowerCase(Locale.ROOT);
            int scheme = lower.startsWith("http://") ? 7 : lower.startsWith("https://") ? 8 : -1;
            if (scheme < 0) {
                throw new HttpRefusal(400, "Malformed request target");
            }
            int slash = target.indexOf('/', scheme);
            int question = target.indexOf('?', scheme);
            int pathStart = slash < 0 ? question : question < 0 ? slash : Math.min(slash, question);
            pathAndQuery = pathStart < 0 ? "/" : target.substring(pathStart);
            if (pathAndQuery.startsWith("?")) {
                pathAndQuery = "/" + pathAndQuery;
            }
        }
        int hash = pathAndQuery.indexOf('#');
        if (hash >= 0) {
            pathAndQuery = pathAndQuery.substring(0, hash);
        }
        int question = pathAndQuery.indexOf('?');
        String path = question < 0 ? pathAndQuery : pathAndQuery.substring(0, question);
        String query = question < 0 ? null : pathAndQuery.substring(question + 1);
        return new RequestHead(method, path.isEmpty() ? "/" : path, query, http11, headers, length, chunked);
    }

    /** {@return true for HTTP/1.1, false for HTTP/1.0} */
    private static boolean httpVersion(String version) {
        if (version.equals("HTTP/1.1")) {
            return true;
        }
        if (version.equals("HTTP/1.0")) {
            return false;
        }
        if (version.length() == 8
                && version.startsWith("HTTP/")
                && Character.isDigit(version.charAt(5))
                && version.charAt(6) == '.'
                && Character.isDigit(version.charAt(7))) {
            throw new HttpRefusal(505, "Only HTTP/1.1 and HTTP/1.0 are served");
        }
        throw new HttpRefusal(400, "Malformed HTTP version");
    }

    private static long contentLength(String value, long before) {
        long length = 0;
        if (value.isEmpty() || value.length() > 18) {
            throw new HttpRefusal(400, "Invalid Content-Length");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                throw new HttpRefusal(400, "Invalid Content-Length");
            }
            length = length * 10 + (c - '0');
        }
        if (before >= 0 && before != length) {
            throw new HttpRefusal(400, "Two different Content-Length values");
        }
        return length;
    }

    /**
     * {@return the next line without its end (CRLF, or a bare LF), or {@code null} when the stream ends before it}
     *
     * @param first a byte already read, or -2 for none
     * @param overLimit the status when the head's budget runs out on this line
     */
    private String readLine(int first, int overLimit) throws IOException {
        line.reset();
        int b = first == -2 ? in.read() : first;
        if (b < 0) {
            return null;
        }
        while (b >= 0) {
            if (--budget < 0) {
                throw new HttpRefusal(
                        overLimit,
                        overLimit == 414 ? "The request line is too long" : "The request headers are too large");
            }
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                int length = bytes.length;
                if (length > 0 && bytes[length - 1] == '\r') {
                    length--;
                }
                return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
            }
            line.write(b);
            b = in.read();
        }
        throw new HttpRefusal(400, "The connection ended within the request head");
    }

    /** {@return the line from {@code start} on, without the spaces and tabs around it (only those: OWS)} */
    private static String withoutWhitespace(String line, int start) {
        int end = line.length();
        while (start < end && isSpaceOrTab(line.charAt(start))) {
            start++;
        }
        while (end > start && isSpaceOrTab(line.charAt(end - 1))) {
            end--;
        }
        return line.substring(start, end);
    }

    private static boolean isSpaceOrTab(char c) {
        return c == ' ' || c == '\t';
    }

    /**
     * {@return whether it is a host with an optional port (RFC 3986's {@code host [":" port]}): a registered name or
     *     IPv4 address of unreserved, percent-encoded and sub-delimiter characters, or an IP literal in brackets;
     *     empty is valid too}
     */
    private static boolean isHost(String value) {
        int i = 0;
        int end = value.length();
        if (end > 0 && value.charAt(0) == '[') {
            int close = value.indexOf(']');
            if (close < 2) {
                return false;
            }
            for (i = 1; i < close; i++) {
                char c = value.charAt(i);
                if (!isHostCharacter(c) && c != ':') {
                    return false;
                }
            }
            i = close + 1;
        } else {
            while (i < end && value.charAt(i) != ':') {
                if (!isHostCharacter(value.charAt(i++))) {
                    return false;
                }
            }
        }
        if (i == end) {
            return true;
        }
        if (value.charAt(i) != ':' || end - i > 6) {
            return false;
        }
        for (i++; i < end; i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean isHostCharacter(char c) {
        return c >= 'a' && c <= 'z'
                || c >= 'A' && c <= 'Z'
                || c >= '0' && c <= '9'
                || "-._~%!$&'()*+,;=".indexOf(c) >= 0;
    }

    private static boolean isToken(String text) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean alphaNumeric = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
            if (!alphaNumeric && "!#$%&'*+-.^_`|~".indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    /** {@return whether every character is allowed in a field value: tab, visible ASCII, space, or obs-text} */
    private static boolean isFieldValue(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < ' ' && c != '\t' || c == 0x7f) {
                return false;
            }
        }
        return true;
    }
}
