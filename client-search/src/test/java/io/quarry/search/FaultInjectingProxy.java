package io.quarry.search;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP/1.1 proxy on 127.0.0.1 in front of the mock server that, as its {@link Plan} says, forwards a request
 * and returns the answer, forwards it and then resets the connection instead of answering (the write was applied
 * but the client never hears so), or answers 503 without forwarding. One request per connection. Counts the
 * requests it holds at once (read, not yet answered).
 */
final class FaultInjectingProxy implements AutoCloseable {

    /** What the proxy does with one request. */
    enum Action {
        FORWARD,
        FORWARD_THEN_RESET,
        ANSWER_503
    }

    /** Decides the action for the n-th request (from 0). */
    @FunctionalInterface
    interface Plan {
        /**
         * @param n      the request's number, from 0
         * @param method the method
         * @param path   the path and query
         * @return what to do
         */
        Action decide(int n, String method, String path);
    }

    private static final Set<String> NOT_FORWARDED =
            Set.of("host", "connection", "content-length", "transfer-encoding", "expect", "upgrade", "keep-alive");

    private final ServerSocket server;
    private final URI target;
    private final HttpClient forwarder;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fault-proxy");
        t.setDaemon(true);
        return t;
    });
    private final AtomicInteger count = new AtomicInteger();
    private final Map<Action, AtomicInteger> done = new java.util.concurrent.ConcurrentHashMap<>();
    private final AtomicInteger active = new AtomicInteger();
    private final AtomicInteger mostActive = new AtomicInteger();
    private volatile Plan plan;

    FaultInjectingProxy(String targetUrl, Plan plan) throws IOException {
        this.target = URI.create(targetUrl);
        this.plan = plan;
        this.forwarder = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .executor(threads)
                .build();
        this.server = new ServerSocket(0, 100, InetAddress.getByAddress(new byte[] {127, 0, 0, 1}));
        threads.execute(this::acceptLoop);
    }

    int port() {
        return server.getLocalPort();
    }

    void plan(Plan plan) {
        this.plan = plan;
    }

    /** @return how many requests got this action */
    int count(Action action) {
        return done.getOrDefault(action, new AtomicInteger()).get();
    }

    /** @return the requests held now (read, not yet answered) */
    int heldNow() {
        return active.get();
    }

    /** @return the most requests held at once so far (read, not yet answered) */
    int mostAtOnce() {
        return mostActive.get();
    }

    @Override
    public void close() throws IOException {
        server.close();
        threads.shutdownNow();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                threads.execute(() -> serve(socket));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            String requestLine = line(in);
            String[] parts = requestLine.split(" ");
            Map<String, String> headers = new LinkedHashMap<>();
            for (String header = line(in); !header.isEmpty(); header = line(in)) {
                int colon = header.indexOf(':');
                headers.put(
                        header.substring(0, colon).trim(),
                        header.substring(colon + 1).trim());
            }
            byte[] body = body(in, headers);
            mostActive.accumulateAndGet(active.incrementAndGet(), Math::max);
            AtomicBoolean held = new AtomicBoolean(true);
            // no longer held once the answer starts to go out: the client may send its next request at once
            Runnable answered = () -> {
                if (held.getAndSet(false)) {
                    active.decrementAndGet();
                }
            };
            try {
                answer(socket, parts, headers, body, answered);
            } finally {
                answered.run();
            }
        } catch (IOException | InterruptedException ignored) {
            // the client went away or the test ended
        }
    }

    private void answer(Socket socket, String[] parts, Map<String, String> headers, byte[] body, Runnable answered)
            throws IOException, InterruptedException {
        Action action = plan.decide(count.getAndIncrement(), parts[0], parts[1]);
        done.computeIfAbsent(action, a -> new AtomicInteger()).incrementAndGet();
        OutputStream out = socket.getOutputStream();
        if (action == Action.ANSWER_503) {
            answered.run();
            write(
                    out,
                    503,
                    Map.of("Content-Type", List.of("application/json")),
                    "{\"message\":\"Service Unavailable\",\"status\":503}".getBytes(StandardCharsets.UTF_8));
            return;
        }
        HttpResponse<byte[]> answer = forward(parts[0], parts[1], headers, body);
        answered.run();
        if (action == Action.FORWARD_THEN_RESET) {
            socket.setSoLinger(true, 0);
            return;
        }
        write(out, answer.statusCode(), answer.headers().map(), answer.body());
    }

    private HttpResponse<byte[]> forward(String method, String path, Map<String, String> headers, byte[] body)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(target.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .method(
                        method,
                        body.length == 0
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach((name, value) -> {
            if (!NOT_FORWARDED.contains(name.toLowerCase(Locale.ROOT))) {
                request.header(name, value);
            }
        });
        return forwarder.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static void write(OutputStream out, int status, Map<String, List<String>> headers, byte[] body)
            throws IOException {
        StringBuilder head = new StringBuilder("HTTP/1.1 " + status + " Proxied\r\n");
        headers.forEach((name, values) -> {
            String lower = name.toLowerCase(Locale.ROOT);
            if (!NOT_FORWARDED.contains(lower) && !lower.startsWith(":")) {
                values.forEach(v -> head.append(name).append(": ").append(v).append("\r\n"));
            }
        });
        head.append("Content-Length: ").append(body.length).append("\r\nConnection: close\r\n\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }

    private static byte[] body(InputStream in, Map<String, String> headers) throws IOException {
        String length = header(headers, "content-length");
        if (length != null) {
            return in.readNBytes(Integer.parseInt(length));
        }
        if (!"chunked".equalsIgnoreCase(header(headers, "transfer-encoding"))) {
            return new byte[0];
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int size = Integer.parseInt(line(in).split(";")[0].trim(), 16);
                size > 0;
                size = Integer.parseInt(line(in).split(";")[0].trim(), 16)) {
            body.write(in.readNBytes(size));
            line(in);
        }
        for (String trailer = line(in); !trailer.isEmpty(); trailer = line(in)) {
            // trailers are dropped
        }
        return body.toByteArray();
    }

    private static String header(Map<String, String> headers, String name) {
        for (Map.Entry<String, String> e : headers.entrySet()) {
            if (e.getKey().equalsIgnoreCase(name)) {
                return e.getValue();
            }
        }
        return null;
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("connection closed");
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }
}
