package io.quarry.mockserver.testing;

import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A plain JDK HTTP client for tests: sends the server's credentials and parses JSON answers. */
public final class TestClient {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    /**
     * The workers of every client's answers, shared: a JDK client given none makes a cached pool of its own, and the
     * suite's thousand clients started thousands of threads, each used for a few answers and then idle for a minute.
     */
    private static final ExecutorService WORKERS = Executors.newCachedThreadPool(new WorkerThreads());

    /** Daemon threads named for what they are, apart from any server's. */
    private static final class WorkerThreads implements ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable task) {
            Thread thread = new Thread(task, "test-client-worker-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        }
    }

    private final MockServer server;
    private final HttpClient http;
    private final String baseUrl;
    private final String appId;
    private final String apiKey;

    /** @param server the server to call with its admin credentials */
    public TestClient(MockServer server) {
        this(server, server.applicationId(), server.adminKey());
    }

    /**
     * @param server the server
     * @param appId the application ID to send, or {@code null} for none
     * @param apiKey the API key to send, or {@code null} for none
     */
    public TestClient(MockServer server, String appId, String apiKey) {
        this(server, server.url(), appId, apiKey);
    }

    private TestClient(MockServer server, String baseUrl, String appId, String apiKey) {
        HttpClient.Builder builder =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).executor(WORKERS);
        if (server.isHttps()) {
            builder.sslContext(server.trustMaterial().sslContext());
        }
        this.server = server;
        this.http = builder.build();
        this.baseUrl = baseUrl;
        this.appId = appId;
        this.apiKey = apiKey;
    }

    /**
     * @param host one of the server's hosts
     * @return a client of the same credentials calling that host, with connections of its own
     */
    public TestClient onHost(MockHost host) {
        return new TestClient(server, host.url(), appId, apiKey);
    }

    /**
     * A response.
     *
     * @param status the status
     * @param body the parsed JSON body, or {@code null} when empty
     * @param headers the headers
     */
    public record Reply(int status, JsonNode body, HttpHeaders headers) {

        /** @return the body as text, for assertion messages */
        @Override
        public String toString() {
            return status + " " + body;
        }

        /** @return the objectIDs of a successful search's hits, in order */
        public List<String> hitIds() {
            requireOk();
            List<String> ids = new ArrayList<>();
            body.get("hits").forEach(hit -> ids.add(hit.get("objectID").stringValue()));
            return ids;
        }

        /** @return this reply, after checking it is a 200 */
        public Reply requireOk() {
            if (status != 200) {
                throw new AssertionError("expected a 200, got " + this);
            }
            return this;
        }
    }

    /**
     * Creates an API key with this client's credentials.
     *
     * @param json the key's definition
     * @return the new key's value
     */
    public String createKey(String json) {
        return post("/1/keys", json).requireOk().body().get("key").stringValue();
    }

    /**
     * @param key the API key to send instead of this client's
     * @return a client for the same server and application
     */
    public TestClient withKey(String key) {
        return new TestClient(server, server.applicationId(), key);
    }

    /** @param path raw path and query @return the reply */
    public Reply get(String path) {
        return send("GET", path, null);
    }

    /** @param path raw path and query @return the reply */
    public Reply delete(String path) {
        return send("DELETE", path, null);
    }

    /** @param path raw path @param json the body @return the reply */
    public Reply post(String path, String json) {
        return send("POST", path, json);
    }

    /** @param path raw path @param json the body @return the reply */
    public Reply put(String path, String json) {
        return send("PUT", path, json);
    }

    /**
     * @param method the method
     * @param path the raw path and query, already encoded
     * @param json the body, or {@code null}
     * @return the reply
     */
    public Reply send(String method, String path, String json) {
        return send(request(method, path, json).build());
    }

    /**
     * A request with this client's credentials, for tests that add headers or send it themselves.
     *
     * @param method the method
     * @param path the raw path and query, already encoded
     * @param json the body, or {@code null}
     * @return the request, ready to build
     */
    public HttpRequest.Builder request(String method, String path, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofSeconds(30))
                .method(
                        method,
                        json == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        if (json != null) {
            request.header("Content-Type", "application/json; charset=UTF-8");
        }
        if (appId != null) {
            request.header("X-Service-Application-Id", appId);
        }
        if (apiKey != null) {
            request.header("X-Service-API-Key", apiKey);
        }
        return request;
    }

    /**
     * Calls the crawler API ({@code /api/1} + path) with the server's crawler credentials (HTTP basic), whatever
     * credentials this client sends elsewhere.
     *
     * @param method the method
     * @param path the path below {@code /api/1}
     * @param json the body, or {@code null}
     * @return the reply
     */
    public Reply crawler(String method, String path, String json) {
        String token = Base64.getEncoder()
                .encodeToString(
                        (server.crawlerUserId() + ":" + server.crawlerApiKey()).getBytes(StandardCharsets.UTF_8));
        return send(request(method, "/api/1" + path, json)
                .header("Authorization", "Basic " + token)
                .build());
    }

    /**
     * @param request a request built by the test
     * @return the reply
     */
    public Reply send(HttpRequest request) {
        try {
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            byte[] body = response.body();
            JsonNode json = body.length == 0 ? null : MAPPER.readTree(body);
            return new Reply(response.statusCode(), json, response.headers());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** @return the underlying JDK client */
    public HttpClient http() {
        return http;
    }

    /** @return the base URL */
    public String baseUrl() {
        return baseUrl;
    }

    /**
     * @param singleQuoted JSON written with single quotes, for readable tests
     * @return the same JSON with double quotes
     */
    public static String jq(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }

    /**
     * @param text JSON text
     * @return the tree
     */
    public static JsonNode json(String text) {
        return MAPPER.readTree(text);
    }
}
