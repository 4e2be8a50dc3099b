package io.quarry.spring;

import io.quarry.analytics.AnalyticsClient;
import io.quarry.core.ClientConfig;
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
            QuarryProperties properties, ObjectProvider<QuarryClientConfigCustomizer> customizers) {
        ClientConfig config = new ClientConfigs(properties, customizers.orderedStream())
                .sharedKey("analytics", properties.getAnalytics());
        return properties.getRegion() == null
                ? AnalyticsClient.create(config)
                : AnalyticsClient.create(config, Regions.of(properties));
    }
}
