package io.quarry.spring;

import io.quarry.insights.InsightsClient;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The {@code InsightsClient} bean, when its module is on the class path. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "io.quarry.insights.InsightsClient")
class InsightsClientConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    InsightsClient quarryInsightsClient(
            QuarryConnectionDetails connectionDetails,
            QuarryProperties properties,
            ObjectProvider<QuarryClientConfigCustomizer> customizers) {
        return new ClientConfigs(connectionDetails, properties, customizers.orderedStream())
                .create(QuarryProduct.INSIGHTS, InsightsClient::create);
    }
}
