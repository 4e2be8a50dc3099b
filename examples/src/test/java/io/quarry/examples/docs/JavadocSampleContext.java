package io.quarry.examples.docs;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.quarry.core.spi.CallScope;
import io.quarry.crawler.CrawlerHandle;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.insights.InsightsClient;
import io.quarry.mockserver.MockServer;
import io.quarry.monitoring.MonitoringClient;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.personalization.model.UserProfile;
import io.quarry.search.ChunkListener;
import io.quarry.search.Ingester;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.stream.Stream;
import org.slf4j.Logger;

/**
 * What a Javadoc sample may use without declaring it: the variables and types its prose takes as given, the same
 * name meaning the same thing in every module's samples. Every sample is compiled in a subclass of this one, so its
 * own declarations hide these. Compiled with them, never run: nothing here is set.
 */
public abstract class JavadocSampleContext {

    /** The reader's record type. */
    public record Product(String objectID, String name, String brand, int price) {}

    /** The reader's record type for articles that answer questions. */
    public record Article(String objectID, String title, String body) {}

    /** Where the reader keeps secrets. */
    public interface SecretStore {

        /** The secret of that name. */
        String get(String name);
    }

    /** One of the reader's sources of records. */
    public interface Producer {

        /** Its records, read lazily. */
        Stream<Product> records();
    }

    protected SearchClient searchClient;
    protected SearchIndex index;
    protected SearchQuery query;
    protected List<Product> records;
    protected Ingester ingester;
    protected ChunkListener failures;
    protected List<Producer> producers;
    protected ExecutorService executor;
    protected InsightsClient insights;
    protected String queryID;
    protected MonitoringClient monitoring;
    protected CrawlerHandle crawler;
    protected CrawlerConfiguration config;
    protected CrawlerConfiguration newConfig;
    protected UserProfile profile;
    protected PersonalizationStrategy strategy;
    protected MockServer server;
    protected String appId;
    protected String apiKey;
    protected Instant now;
    protected ObservationRegistry observationRegistry;
    protected MeterRegistry meterRegistry;
    protected Logger log;

    /** The scope of a client module's handle, which the SDK's own samples start their requests from. */
    protected CallScope scope() {
        throw new UnsupportedOperationException("compiled, never run");
    }

    /** Shows a record, as the reader's code would. */
    protected void show(Product product) {
        throw new UnsupportedOperationException("compiled, never run");
    }
}
