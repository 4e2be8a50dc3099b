package io.quarry.spring;

import io.quarry.crawler.CrawlerClient;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The {@code CrawlerClient} bean, when its module is on the class path. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "io.quarry.crawler.CrawlerClient")
class CrawlerClientConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    CrawlerClient quarryCrawlerClient(
            QuarryConnectionDetails connectionDetails,
            QuarryProperties properties,
            ObjectProvider<QuarryClientConfigCustomizer> customizers) {
        return new ClientConfigs(connectionDetails, properties, customizers.orderedStream())
                .create(QuarryProduct.CRAWLER, CrawlerClient::create);
    }
}
