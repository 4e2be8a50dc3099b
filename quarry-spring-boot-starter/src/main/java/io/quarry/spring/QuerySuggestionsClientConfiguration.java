package io.quarry.spring;

import io.quarry.querysuggestions.QuerySuggestionsClient;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The {@code QuerySuggestionsClient} bean, when its module is on the class path. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "io.quarry.querysuggestions.QuerySuggestionsClient")
class QuerySuggestionsClientConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    QuerySuggestionsClient quarryQuerySuggestionsClient(
            QuarryConnectionDetails connectionDetails,
            QuarryProperties properties,
            ObjectProvider<QuarryClientConfigCustomizer> customizers) {
        return new ClientConfigs(connectionDetails, properties, customizers.orderedStream())
                .create(
                        QuarryProduct.QUERY_SUGGESTIONS,
                        config -> QuerySuggestionsClient.create(
                                config, Regions.forRegionalHosts(properties, config, QuarryProduct.QUERY_SUGGESTIONS)));
    }
}
