package io.quarry.spring;

import io.quarry.analytics.AnalyticsClient;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The {@code AnalyticsClient} bean, when its module is on the class path. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "io.quarry.analytics.AnalyticsClient")
class AnalyticsClientConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    AnalyticsClient quarryAnalyticsClient(
            QuarryConnectionDetails connectionDetails,
            QuarryProperties properties,
            ObjectProvider<QuarryClientConfigCustomizer> customizers) {
        return new ClientConfigs(connectionDetails, properties, customizers.orderedStream())
                .create(
                        QuarryProduct.ANALYTICS,
                        config -> Regions.of(properties)
                                .map(region -> AnalyticsClient.create(config, region))
                                .orElseGet(() -> AnalyticsClient.create(config)));
    }
}
