package io.quarry.mockserver.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * One request sent on each of many connections from the calling thread, as a load test's burst: every connection is
 * opened and its request written before any answer is read, so the server has them all at once; the connections
 * stay open until closed here, as a client's pool keeps them. The JDK's {@code HttpClient} did the same with a thread
 * per answer (its completion executor on two cores) besides its workers: half the threads a burst test started.
 */
public final class Burst implements AutoCloseable {

    private final List<RawConnection> connections = new ArrayList<>();
    /** Why a connection could not be opened or written to, in place of its answer. */
    private final List<String> unsent = new ArrayList<>();

    /**
     * Opens the connections and writes the request on each.
     *
     * @param host the server's host
     * @param port its port
     * @param request the request's bytes, head and body, sent as they are on every connection
     * @param count how many connections
     * @param hangGuard the longest a connect or an answer may take: only a hang reaches it
     */
    public Burst(String host, int port, byte[] request, int count, Duration hangGuard) {
        int millis = Math.toIntExact(hangGuard.toMillis());
        for (int i = 0; i < count; i++) {
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(host, port), millis);
                RawConnection connection = new RawConnection(socket).readTimeout(millis);
                connection.send(request);
                connections.add(connection);
            } catch (IOException | RuntimeException e) {
                unsent.add(describe(e));
                close(socket);
            }
        }
    }

    /**
     * Reads every answer, in the order the connections were opened.
     *
     * @param outcome what an answer is counted as
     * @return how many answers (or failures, as the failure's class and message) each outcome had
     */
    public Map<String, Integer> outcomes(Function<WireAnswer, String> outcome) {
        Map<String, Integer> outcomes = new TreeMap<>();
        unsent.forEach(failure -> outcomes.merge(failure, 1, Integer::sum));
        for (RawConnection connection : connections) {
            String seen;
            try {
                seen = outcome.apply(connection.readAnswer(false));
            } catch (AssertionError | RuntimeException e) {
                seen = describe(e);
            }
            outcomes.merge(seen, 1, Integer::sum);
        }
        return outcomes;
    }

    /**
     * {@return a request's bytes: its head with the credentials' headers and, when there is one, a JSON body}
     *
     * @param method the method
     * @param path the path
     * @param appId the application ID sent
     * @param key the API key sent
     * @param json the body, or {@code null} for none
     */
    public static byte[] request(String method, String path, String appId, String key, String json) {
        StringBuilder head = new StringBuilder()
                .append(method)
                .append(' ')
                .append(path)
                .append(" HTTP/1.1\r\nHost: localhost\r\nX-Service-Application-Id: ")
                .append(appId)
                .append("\r\nX-Service-API-Key: ")
                .append(key)
                .append("\r\n");
        byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
        if (json != null) {
            head.append("Content-Type: application/json; charset=UTF-8\r\nContent-Length: ")
                    .append(body.length)
                    .append("\r\n");
        }
        byte[] headBytes = head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] bytes = Arrays.copyOf(headBytes, headBytes.length + body.length);
        System.arraycopy(body, 0, bytes, headBytes.length, body.length);
        return bytes;
    }

    @Override
    public void close() {
        connections.forEach(RawConnection::close);
    }

    private static String describe(Throwable failure) {
        return failure.getClass().getName() + ": " + failure.getMessage();
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // it never opened
        }
    }
}
