package io.quarry.benchmarks.raw;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSink;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.BufferRecycler;
import tools.jackson.core.util.RecyclerPool;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Search and batch calls written by hand: one OkHttp client (TCP_NODELAY, 128 concurrent calls, the SDK's
 * default timeouts, OkHttp's default connection pool), one Jackson mapper, the SDK's headers. Request bodies are serialised to bytes, or, for the
 * batch, also streamed: Jackson writes straight into the connection (sent chunked), as a hand-written client
 * that cares about memory would.
 */
public final class RawClient implements AutoCloseable {

    private static final MediaType JSON = MediaType.get("application/json; charset=UTF-8");
    private static final int MAX_CALLS = 128;

    private final OkHttpClient http;
    private final ObjectMapper mapper;
    private final String baseUrl;
    private final Map<String, String> headers;

    /**
     * @param baseUrl the server, {@code http://127.0.0.1:<port>}
     * @param headers the headers every call carries (the SDK's: Accept, User-Agent, credentials)
     */
    public RawClient(String baseUrl, Map<String, String> headers) {
        this(tuned(), baseUrl, headers);
    }

    private RawClient(OkHttpClient http, String baseUrl, Map<String, String> headers) {
        this(
                http,
                JsonMapper.builder()
                        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                        .build(),
                baseUrl,
                headers);
    }

    private RawClient(OkHttpClient http, ObjectMapper mapper, String baseUrl, Map<String, String> headers) {
        this.http = http;
        this.mapper = mapper;
        this.baseUrl = baseUrl;
        this.headers = Map.copyOf(headers);
    }

    /**
     * The same calls on OkHttp exactly as {@code new OkHttpClient()} comes: its default dispatcher runs at most 5
     * calls per host at once and queues the rest, Nagle's algorithm stays on, 10 s timeouts. What a hand-written
     * client that never tuned OkHttp sends.
     *
     * @param baseUrl the server
     * @param headers the headers every call carries
     * @return the client
     */
    public static RawClient withOkHttpDefaults(String baseUrl, Map<String, String> headers) {
        return new RawClient(new OkHttpClient(), baseUrl, headers);
    }

    /**
     * The tuned client with a connection pool that keeps up to 128 idle connections, as Quarry's own does, instead
     * of OkHttp's default 5: shows how much of a difference in flight comes from connections kept.
     *
     * @param baseUrl the server
     * @param headers the headers every call carries
     * @return the client
     */
    public static RawClient withLargePool(String baseUrl, Map<String, String> headers) {
        OkHttpClient pooled = tuned().newBuilder()
                .connectionPool(new ConnectionPool(MAX_CALLS, 5, TimeUnit.MINUTES))
                .build();
        return new RawClient(pooled, baseUrl, headers);
    }

    /**
     * The raw client on Jackson 3 with a buffer recycler pool of the caller's choice instead of the factory's
     * default (a concurrent deque per factory): shows the pool's share of what the JSON library costs.
     *
     * @param baseUrl the server
     * @param headers the headers every call carries
     * @param pool Jackson's recycler pool, e.g. {@code JsonRecyclerPools.threadLocalPool()}
     * @return the client
     */
    public static RawClient withRecyclerPool(
            String baseUrl, Map<String, String> headers, RecyclerPool<BufferRecycler> pool) {
        return withJsonFactory(
                baseUrl, headers, JsonFactory.builder().recyclerPool(pool).build());
    }

    /**
     * The raw client on Jackson 3 with a JSON factory of the caller's (another pool, other features): shows what
     * one of Jackson's own settings is worth.
     *
     * @param baseUrl the server
     * @param headers the headers every call carries
     * @param factory the factory the mapper reads and writes with
     * @return the client
     */
    public static RawClient withJsonFactory(String baseUrl, Map<String, String> headers, JsonFactory factory) {
        ObjectMapper mapper = JsonMapper.builder(factory)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
        return new RawClient(tuned(), mapper, baseUrl, headers);
    }

    /** The OkHttp client every raw loop uses unless said otherwise (Jackson 2's too). */
    static OkHttpClient tuned() {
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(MAX_CALLS);
        dispatcher.setMaxRequestsPerHost(MAX_CALLS);
        return new OkHttpClient.Builder()
                .socketFactory(new NoDelaySockets())
                .dispatcher(dispatcher)
                .retryOnConnectionFailure(false)
                .followRedirects(false)
                .connectTimeout(Duration.ofSeconds(2))
                .readTimeout(Duration.ofSeconds(5))
                .writeTimeout(Duration.ofSeconds(30))
                .build();
    }

    /**
     * Searches one index.
     *
     * @param index the index
     * @param params the search parameters, written as the JSON body
     * @return the typed response
     */
    public RawSearchResponse search(String index, Map<String, Object> params) {
        return execute(searchCall(index, params), RawSearchResponse.class);
    }

    /**
     * Asynchronous {@link #search}: decoded on OkHttp's dispatcher thread.
     *
     * @param index the index
     * @param params the search parameters
     * @return the future typed response
     */
    public CompletableFuture<RawSearchResponse> searchAsync(String index, Map<String, Object> params) {
        return executeAsync(searchCall(index, params), RawSearchResponse.class);
    }

    /**
     * Asynchronous search decoded into a response type of the caller's (hits of another class).
     *
     * @param index the index
     * @param params the search parameters
     * @param responseType the response class
     * @param <R> the response type
     * @return the future typed response
     */
    public <R> CompletableFuture<R> searchAsync(String index, Map<String, Object> params, Class<R> responseType) {
        return executeAsync(searchCall(index, params), responseType);
    }

    /**
     * Adds records in one batch call.
     *
     * @param index the index
     * @param records the records, of any class Jackson can write
     * @return the acknowledgement
     */
    public RawBatchResponse addObjects(String index, List<?> records) {
        List<Operation> requests = new ArrayList<>(records.size());
        for (Object record : records) {
            requests.add(new Operation("addObject", record));
        }
        byte[] body = mapper.writeValueAsBytes(new Batch(requests));
        return execute(post("/1/indexes/" + index + "/batch", body), RawBatchResponse.class);
    }

    /**
     * {@link #addObjects} with the body streamed: serialised into the connection as it is sent, never held whole.
     *
     * @param index the index
     * @param records the records
     * @return the acknowledgement
     */
    public RawBatchResponse addObjectsStreamed(String index, List<?> records) {
        List<Operation> requests = new ArrayList<>(records.size());
        for (Object record : records) {
            requests.add(new Operation("addObject", record));
        }
        Batch batch = new Batch(requests);
        RequestBody body = new RequestBody() {
            @Override
            public MediaType contentType() {
                return JSON;
            }

            @Override
            public void writeTo(BufferedSink sink) {
                mapper.writeValue(sink.outputStream(), batch);
            }
        };
        return execute(post("/1/indexes/" + index + "/batch", body), RawBatchResponse.class);
    }

    /**
     * {@link #addObjectsStreamed} without blocking: sent by OkHttp's dispatcher, decoded in the callback.
     *
     * @param index the index
     * @param records the records
     * @return the future acknowledgement
     */
    public CompletableFuture<RawBatchResponse> addObjectsStreamedAsync(String index, List<?> records) {
        List<Operation> requests = new ArrayList<>(records.size());
        for (Object record : records) {
            requests.add(new Operation("addObject", record));
        }
        Batch batch = new Batch(requests);
        RequestBody body = new RequestBody() {
            @Override
            public MediaType contentType() {
                return JSON;
            }

            @Override
            public void writeTo(BufferedSink sink) {
                mapper.writeValue(sink.outputStream(), batch);
            }
        };
        return executeAsync(post("/1/indexes/" + index + "/batch", body), RawBatchResponse.class);
    }

    @Override
    public void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    private Call searchCall(String index, Map<String, Object> params) {
        return post("/1/indexes/" + index + "/query", mapper.writeValueAsBytes(params));
    }

    private Call post(String path, byte[] body) {
        return post(path, RequestBody.create(body, JSON));
    }

    private Call post(String path, RequestBody body) {
        Request.Builder request = new Request.Builder().url(baseUrl + path);
        headers.forEach(request::header);
        return http.newCall(request.post(body).build());
    }

    private <T> T execute(Call call, Class<T> type) {
        try (Response response = call.execute()) {
            return decode(response, type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private <T> CompletableFuture<T> executeAsync(Call call, Class<T> type) {
        CompletableFuture<T> future = new CompletableFuture<>();
        call.enqueue(new Callback() {
            @Override
            public void onFailure(Call c, IOException e) {
                future.completeExceptionally(e);
            }

            @Override
            public void onResponse(Call c, Response response) {
                try (response) {
                    future.complete(decode(response, type));
                } catch (IOException | RuntimeException e) {
                    future.completeExceptionally(e);
                }
            }
        });
        return future;
    }

    private <T> T decode(Response response, Class<T> type) throws IOException {
        if (!response.isSuccessful()) {
            throw new IOException("HTTP " + response.code());
        }
        try (InputStream in = response.body().byteStream()) {
            return mapper.readValue(in, type);
        }
    }

    /** The batch body. */
    private record Batch(List<Operation> requests) {}

    /** One batch operation; the record is written by its own class's serializer. */
    private record Operation(String action, Object body) {}
}
