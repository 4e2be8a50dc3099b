package io.quarry.opentelemetry;

import io.quarry.core.ClientConfig;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;

/**
 * The application {@link OpenTelemetryJavaAgentTest} runs under the OpenTelemetry Java agent: a client configured
 * with the README's one line, one search and then one asynchronous search. The agent exports what they make when
 * the JVM exits.
 *
 * <p>Arguments: the service's URL, the application ID and an index name; the API key comes in the environment
 * variable {@value #API_KEY_VARIABLE}, so that no command line shows it.
 */
public final class SearchesUnderJavaAgent {

    /** The environment variable holding the API key. */
    static final String API_KEY_VARIABLE = "QUARRY_TEST_API_KEY";

    private SearchesUnderJavaAgent() {}

    /**
     * Runs the two searches, exiting with 0 when both succeed.
     *
     * @param args the service's URL, the application ID and the index name
     */
    public static void main(String[] args) {
        try (SearchClient client = SearchClient.create(ClientConfig.builder(args[1], System.getenv(API_KEY_VARIABLE))
                .callObserver(OpenTelemetryCallObserver.of()) // the README's line
                .hosts(Host.of(args[0]))
                .logLevel(LogLevel.NONE)
                .build())) {
            SearchIndex index = client.index(args[2]);
            index.search(SearchQuery.of("phone"), FreeFormRecord.class);
            index.searchAsync(SearchQuery.of("phone"), FreeFormRecord.class).join();
        } catch (RuntimeException e) {
            e.printStackTrace();
            System.exit(1);
        }
        // the agent's shutdown hook exports the spans and metrics
        System.exit(0);
    }
}
