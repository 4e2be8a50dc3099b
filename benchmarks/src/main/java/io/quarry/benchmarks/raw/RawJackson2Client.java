package io.quarry.benchmarks.raw;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * {@link RawClient}'s search on Jackson 2 (the 2.x line a Spring Boot 3.5 application has) instead of Jackson 3:
 * the same OkHttp set-up (TCP_NODELAY, 128 calls at once, the SDK's timeouts, OkHttp's default connection pool),
 * headers and body, hits decoded into the same {@code Product} record. Jackson 2 keeps its buffers in a
 * thread-local recycler by default, Jackson 3 in a concurrent pool per factory, so the two loops side by side show
 * what the JSON library's line costs.
 */
public final class RawJackson2Client implements AutoCloseable {

    private static final MediaType JSON = MediaType.get("application/json; charset=UTF-8");

    private final OkHttpClient http = RawClient.tuned();
    private final ObjectMapper mapper = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private final String baseUrl;
    private final Map<String, String> headers;

    /**
     * @param baseUrl the server, {@code http://127.0.0.1:<port>}
     * @param headers the headers every call carries (the SDK's: Accept, User-Agent, credentials)
     */
    public RawJackson2Client(String baseUrl, Map<String, String> headers) {
        this.baseUrl = baseUrl;
        this.headers = Map.copyOf(headers);
    }

    /**
     * Searches one index.
     *
     * @param index the index
     * @param params the search parameters, written as the JSON body
     * @return the typed response
     */
    public RawSearchResponse search(String index, Map<String, Object> params) {
        try (Response response = searchCall(index, params).execute()) {
            return decode(response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Asynchronous {@link #search}: decoded on OkHttp's dispatcher thread.
     *
     * @param index the index
     * @param params the search parameters
     * @return the future typed response
     */
    public CompletableFuture<RawSearchResponse> searchAsync(String index, Map<String, Object> params) {
        CompletableFuture<RawSearchResponse> future = new CompletableFuture<>();
        searchCall(index, params).enqueue(new Callback() {
            @Override
            public void onFailure(Call c, IOException e) {
                future.completeExceptionally(e);
            }

            @Override
            public void onResponse(Call c, Response response) {
                try (response) {
                    future.complete(decode(response));
                } catch (IOException | RuntimeException e) {
                    future.completeExceptionally(e);
                }
            }
        });
        return future;
    }

    @Override
    public void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    private Call searchCall(String index, Map<String, Object> params) {
        byte[] body;
        try {
            body = mapper.writeValueAsBytes(params);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Request.Builder request = new Request.Builder().url(baseUrl + "/1/indexes/" + index + "/query");
        headers.forEach(request::header);
        return http.newCall(request.post(RequestBody.create(body, JSON)).build());
    }

    private RawSearchResponse decode(Response response) throws IOException {
        if (!response.isSuccessful()) {
            throw new IOException("HTTP " + response.code());
        }
        try (InputStream in = response.body().byteStream()) {
            return mapper.readValue(in, RawSearchResponse.class);
        }
    }
}
