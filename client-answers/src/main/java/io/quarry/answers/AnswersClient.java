package io.quarry.answers;

import io.quarry.answers.model.AnswersQuery;
import io.quarry.answers.model.AnswersResponse;
import io.quarry.core.ApiClient;
import io.quarry.core.ApiRequest;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.RequestOptions;
import io.quarry.core.TypeRef;
import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.ClientHandle;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The client of the answers API: asks a question of an index and returns the records answering it, best answer
 * first, each decoded into the caller's type with the passage that answers ({@code _answer}).
 *
 * <pre>{@code
 * try (AnswersClient client = AnswersClient.create("MY_APP_ID", "MY_API_KEY")) {
 *     AnswersResponse<Article> answers = client.predict(
 *             "articles", AnswersQuery.of("how long does the battery last", "en").nbHits(3), Article.class);
 *     answers.hits().forEach(hit -> System.out.println(hit.answer().extract()));
 * }
 * }</pre>
 * Calls go to the application's search read hosts, with the search service's fallbacks and retries. The key needs
 * the {@code nluReadAnswers} right. Thread-safe. Every call comes in two forms, blocking and {@code ...Async};
 * per-call options come from a {@link #withOptions(RequestOptions) view}. A refused field is an
 * {@link io.quarry.core.UnprocessableEntityException} whose {@code details()} say what and where, and whose
 * {@code received()} holds the input refused.
 */
public final class AnswersClient extends ClientHandle<AnswersClient> {

    /** What the core needs to know of this module: name, version, default hosts. */
    private static final ClientModule MODULE =
            ClientModule.of("Answers", AnswersClient.class, DefaultHosts.searchStyle());

    /** The response type per record class, built once so each call finds the SDK's cached reader. */
    private static final ClassValue<TypeRef<?>> RESPONSE_TYPES = new ClassValue<>() {
        @Override
        protected TypeRef<?> computeValue(Class<?> record) {
            return TypeRef.parameterized(AnswersResponse.class, record);
        }
    };

    private AnswersClient(CallScope scope, Connections connections) {
        super(scope, connections);
    }

    /**
     * A client with the default hosts of an application.
     *
     * @param applicationId the application ID
     * @param apiKey        an API key with the {@code nluReadAnswers} right (never logged)
     * @return the client; close it when done
     */
    public static AnswersClient create(String applicationId, String apiKey) {
        return create(ClientConfig.builder(applicationId, apiKey).build());
    }

    /**
     * A client from a full configuration (hosts, timeouts, OkHttp client, logging, ...).
     *
     * @param config the configuration
     * @return the client; close it when done
     */
    public static AnswersClient create(ClientConfig config) {
        return new AnswersClient(CallScope.of(ApiClient.create(config, MODULE)), Connections.OWNED);
    }

    /**
     * A view of this client sharing its connections; closing a view does nothing, close the client it came from.
     */
    @Override
    protected AnswersClient withScope(CallScope scope) {
        return new AnswersClient(scope, Connections.SHARED);
    }

    /**
     * Finds the records of an index answering a question, best answer first.
     *
     * @param indexName the index
     * @param query     the question and its options
     * @param type      the record type, or {@code FreeFormRecord.class}
     * @param <T>       the record type
     * @return the hits with their answers
     * @throws io.quarry.core.NotFoundException when the index does not exist
     * @throws io.quarry.core.UnprocessableEntityException when the service refuses a field
     * @throws io.quarry.core.QuarryException on any other failure
     */
    public <T> AnswersResponse<T> predict(String indexName, AnswersQuery query, Class<T> type) {
        return predictRequest(indexName, query).execute(responseType(type));
    }

    /**
     * Asynchronous form of {@link #predict(String, AnswersQuery, Class)}. Cancelling the future cancels the call.
     *
     * @param indexName the index
     * @param query     the question and its options
     * @param type      the record type, or {@code FreeFormRecord.class}
     * @param <T>       the record type
     * @return a future of the hits with their answers; it fails with a {@link io.quarry.core.QuarryException}
     */
    public <T> CompletableFuture<AnswersResponse<T>> predictAsync(String indexName, AnswersQuery query, Class<T> type) {
        return predictRequest(indexName, query).executeAsync(responseType(type));
    }

    private ApiRequest predictRequest(String indexName, AnswersQuery query) {
        return scope().request(Endpoints.PREDICTION)
                .path("indexName", Objects.requireNonNull(indexName, "indexName"))
                .body(Objects.requireNonNull(query, "query"));
    }

    @SuppressWarnings("unchecked")
    private static <T> TypeRef<AnswersResponse<T>> responseType(Class<T> type) {
        return (TypeRef<AnswersResponse<T>>) RESPONSE_TYPES.get(Objects.requireNonNull(type, "type"));
    }
}
