package io.quarry.spring;

import io.quarry.core.NotFoundException;
import io.quarry.core.Region;
import io.quarry.crawler.CrawlerClient;
import io.quarry.crawler.model.CrawlerListQuery;
import io.quarry.monitoring.MonitoringClient;
import io.quarry.personalization.PersonalizationClient;
import io.quarry.querysuggestions.QuerySuggestionsClient;
import io.quarry.search.SearchClient;
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

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.quarry.search.SearchClient")
    @ConditionalOnProperty(name = "quarry.health.search.enabled", havingValue = "true")
    static class Search {

        /** Lists the indices, which needs the listIndexes right. */
        @Bean
        HealthProbe quarrySearchHealthProbe(SearchClient client, QuarryProperties properties) {
            return HealthProbe.of(
                    QuarryProduct.SEARCH,
                    client,
                    SearchClient::create,
                    "lists the indices, which needs the listIndexes right",
                    SearchClient::listIndices,
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
        HealthProbe quarryPersonalizationHealthProbe(PersonalizationClient client, QuarryProperties properties) {
            return HealthProbe.of(
                    QuarryProduct.PERSONALIZATION,
                    client,
                    config -> PersonalizationClient.create(
                            config, Regions.of(properties).orElse(Region.US)),
                    "reads the personalization strategy",
                    Personalization::readStrategy,
                    properties);
        }

        private static void readStrategy(PersonalizationClient client) {
            try {
                client.getStrategy();
            } catch (NotFoundException noStrategySetYet) {
                // the service is there; it has nothing to answer yet
            }
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.quarry.querysuggestions.QuerySuggestionsClient")
    @ConditionalOnProperty(name = "quarry.health.query-suggestions.enabled", havingValue = "true")
    static class QuerySuggestions {

        /** Lists the configurations. */
        @Bean
        HealthProbe quarryQuerySuggestionsHealthProbe(QuerySuggestionsClient client, QuarryProperties properties) {
            return HealthProbe.of(
                    QuarryProduct.QUERY_SUGGESTIONS,
                    client,
                    config -> QuerySuggestionsClient.create(
                            config, Regions.of(properties).orElse(Region.US)),
                    "lists the query-suggestions configurations",
                    QuerySuggestionsClient::listConfigs,
                    properties);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.quarry.monitoring.MonitoringClient")
    @ConditionalOnProperty(name = "quarry.health.monitoring.enabled", havingValue = "true")
    static class Monitoring {

        /** Reads the service status. */
        @Bean
        HealthProbe quarryMonitoringHealthProbe(MonitoringClient client, QuarryProperties properties) {
            return HealthProbe.of(
                    QuarryProduct.MONITORING,
                    client,
                    MonitoringClient::create,
                    "reads the service status",
                    MonitoringClient::status,
                    properties);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.quarry.crawler.CrawlerClient")
    @ConditionalOnProperty(name = "quarry.health.crawler.enabled", havingValue = "true")
    static class Crawler {

        /** Lists the crawlers, one page. */
        @Bean
        HealthProbe quarryCrawlerHealthProbe(CrawlerClient client, QuarryProperties properties) {
            return HealthProbe.of(
                    QuarryProduct.CRAWLER,
                    client,
                    CrawlerClient::create,
                    "lists the crawlers",
                    crawler -> crawler.listPage(CrawlerListQuery.of()),
                    properties);
        }
    }
}
