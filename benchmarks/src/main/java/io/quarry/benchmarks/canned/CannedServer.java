package io.quarry.benchmarks.canned;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A trivial HTTP server on 127.0.0.1 answering {@code POST .../query} with a search response of 20 hits (with
 * {@code _highlightResult}) and {@code POST .../batch} with a batch acknowledgement of 1000 objectIDs, both read
 * once at start; the indices of {@link SearchShapes} answer with their own shapes. Anything else is a 404. TCP_NODELAY is on for every accepted connection.
 *
 * <p>Run as {@code java -cp benchmarks.jar io.quarry.benchmarks.canned.CannedServer --port 0}; it prints
 * {@value #READY_PREFIX}{@code <port>} once listening and runs until killed or until its standard input ends,
 * so that it never outlives the benchmark JVM that started it, even when that one dies without its tear-down.
 */
public final class CannedServer {

    /** The line prefix announcing the port. */
    public static final String READY_PREFIX = "canned-server listening on port ";

    private static final int THREADS = 16;
    private static final String JSON = "application/json; charset=UTF-8";

    private final byte[] searchResponse;
    private final byte[] batchResponse;
    /** The shaped answers, by the path they answer. */
    private final Map<String, byte[]> shapedAnswers = new HashMap<>();

    private CannedServer(byte[] searchResponse, byte[] batchResponse) {
        this.searchResponse = searchResponse;
        this.batchResponse = batchResponse;
        SearchShapes.answers().forEach((index, answer) -> shapedAnswers.put("/1/indexes/" + index + "/query", answer));
    }

    /**
     * Starts the server.
     *
     * @param args {@code --port N} ({@code 0}, the default, picks a free port)
     * @throws IOException if it cannot listen
     */
    public static void main(String[] args) throws IOException {
        // Read by the JDK server when its first instance is created: sets TCP_NODELAY on accepted sockets.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        int port = args.length == 2 && args[0].equals("--port") ? Integer.parseInt(args[1]) : 0;
        CannedServer canned = new CannedServer(resource("search-response.json"), resource("batch-response.json"));
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 256);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        server.setExecutor(pool);
        server.createContext("/", canned::handle);
        server.start();
        System.out.println(READY_PREFIX + server.getAddress().getPort());
        System.out.flush();
        // the parent holds our stdin; end of input means the parent is gone
        System.in.transferTo(OutputStream.nullOutputStream());
        server.stop(0);
        pool.shutdownNow();
        System.exit(0);
    }

    /**
     * The bytes of a canned response shipped in this jar.
     *
     * @param name the file name under {@code canned/}
     * @return its bytes
     */
    public static byte[] resource(String name) {
        try (InputStream in = CannedServer.class.getResourceAsStream("/canned/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource canned/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try {
            try (InputStream body = exchange.getRequestBody()) {
                // the connection is reused only once the request body has been read to its end
                body.transferTo(OutputStream.nullOutputStream());
            }
            String path = exchange.getRequestURI().getRawPath();
            byte[] answer = !exchange.getRequestMethod().equals("POST")
                    ? null
                    : shapedAnswers.containsKey(path)
                            ? shapedAnswers.get(path)
                            : path.endsWith("/query") ? searchResponse : path.endsWith("/batch") ? batchResponse : null;
            if (answer == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", JSON);
            exchange.sendResponseHeaders(200, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        } finally {
            exchange.close();
        }
    }
}
