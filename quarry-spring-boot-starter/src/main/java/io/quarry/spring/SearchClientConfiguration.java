package io.quarry.spring;

import io.quarry.search.SearchClient;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The {@code SearchClient} bean, when its module is on the class path. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "io.quarry.search.SearchClient")
class SearchClientConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    SearchClient quarrySearchClient(
            QuarryConnectionDetails connectionDetails,
            QuarryProperties properties,
            ObjectProvider<QuarryClientConfigCustomizer> customizers) {
        return new ClientConfigs(connectionDetails, properties, customizers.orderedStream())
                .create(QuarryProduct.SEARCH, SearchClient::create);
    }
}
