package io.quarry.spring;

import io.quarry.core.NotFoundException;
import io.quarry.crawler.CrawlerClient;
import io.quarry.crawler.model.CrawlerListQuery;
import io.quarry.monitoring.MonitoringClient;
import io.quarry.personalization.PersonalizationClient;
import io.quarry.querysuggestions.QuerySuggestionsClient;
import io.quarry.search.SearchClient;
import java.util.function.Predicate;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The health checks opted in with {@code quarry.health.<client>.enabled=true}, one for each client with a cheap
 * read. Each Boot line's health auto-configuration imports them, so that they exist only where its contributor
 * does: with the health API present and {@code management.health.quarry.enabled} not false.
 */
@Configuration(proxyBeanMethods = false)
class QuarryHealthProbes {

    /** For the reads whose every documented answer is a success. */
    private static final Predicate<Throwable> NO_OTHER_ANSWER = failure -> false;

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.quarry.search.SearchClient")
    @ConditionalOnProperty(name = "quarry.health.search.enabled", havingValue = "true")
    static class Search {

        /** Lists the indices, which needs the listIndexes right. */
        @Bean
        HealthProbe quarrySearchHealthProbe(
                SearchClient client, QuarryConnectionDetails connection, QuarryProperties properties) {
            return HealthProbe.of(
                    QuarryProduct.SEARCH,
                    client,
                    SearchClient::create,
                    "lists the indices, which needs the listIndexes right",
                    SearchClient::listIndicesAsync,
                    NO_OTHER_ANSWER,
                    connection,
                    properties);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.quarry.personalization.PersonalizationClient")
    @ConditionalOnProperty(name = "quarry.health.personalization.enabled", havingValue = "true")
    static class Personalization {

        /**
         * Reads the strategy. Until an application sets one, the service answers that read with 404: it answered,
         * with the key accepted, so that counts as up.
         */
        @Bean
        HealthProbe quarryPersonalizationHealthProbe(
                PersonalizationClient client, QuarryConnectionDetails connection, QuarryProperties properties) {
            return HealthProbe.of(
                    QuarryProduct.PERSONALIZATION,
                    client,
                    config -> PersonalizationClient.create(
                            config, Regions.forRegionalHosts(properties, config, QuarryProduct.PERSONALIZATION)),
                    "reads the personalization strategy, which needs the recommendation right",
                    PersonalizationClient::getStrategyAsync,
                    NotFoundException.class::isInstance, // no strategy set yet: nothing to answer
                    connection,
                    properties);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.quarry.querysuggestions.QuerySuggestionsClient")
    @ConditionalOnProperty(name = "quarry.health.query-suggestions.enabled", havingValue = "true")
    static class QuerySuggestions {

        /** Lists the configurations. */
        @Bean
        HealthProbe quarryQuerySuggestionsHealthProbe(
                QuerySuggestionsClient client, QuarryConnectionDetails connection, QuarryProperties properties) {
            return HealthProbe.of(
                    QuarryProduct.QUERY_SUGGESTIONS,
                    client,
                    config -> QuerySuggestionsClient.create(
                            config, Regions.forRegionalHosts(properties, config, QuarryProduct.QUERY_SUGGESTIONS)),
                    "lists the query-suggestions configurations",
                    QuerySuggestionsClient::listConfigsAsync,
                    NO_OTHER_ANSWER,
                    connection,
                    properties);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.quarry.monitoring.MonitoringClient")
    @ConditionalOnProperty(name = "quarry.health.monitoring.enabled", havingValue = "true")
    static class Monitoring {

        /**
         * Lists the application's servers, a read every monitoring key may make. Not the service status: that page
         * is public, so it answers whatever key is sent, and a wrong key would show up.
         */
        @Bean
        HealthProbe quarryMonitoringHealthProbe(
                MonitoringClient client, QuarryConnectionDetails connection, QuarryProperties properties) {
            return HealthProbe.of(
                    QuarryProduct.MONITORING,
                    client,
                    MonitoringClient::create,
                    "lists the application's servers, which needs the monitoring key",
                    MonitoringClient::inventoryServersAsync,
                    NO_OTHER_ANSWER,
                    connection,
                    properties);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.quarry.crawler.CrawlerClient")
    @ConditionalOnProperty(name = "quarry.health.crawler.enabled", havingValue = "true")
    static class Crawler {

        /** Lists the crawlers, one page. */
        @Bean
        HealthProbe quarryCrawlerHealthProbe(
                CrawlerClient client, QuarryConnectionDetails connection, QuarryProperties properties) {
            return HealthProbe.of(
                    QuarryProduct.CRAWLER,
                    client,
                    CrawlerClient::create,
                    "lists the crawlers",
                    crawler -> crawler.listPageAsync(CrawlerListQuery.of()),
                    NO_OTHER_ANSWER,
                    connection,
                    properties);
        }
    }
}
