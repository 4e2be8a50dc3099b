package io.quarry.spring;

import io.quarry.usage.UsageClient;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The {@code UsageClient} bean, when its module is on the class path. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "io.quarry.usage.UsageClient")
class UsageClientConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    UsageClient quarryUsageClient(
            QuarryConnectionDetails connectionDetails,
            QuarryProperties properties,
            ObjectProvider<QuarryClientConfigCustomizer> customizers) {
        return new ClientConfigs(connectionDetails, properties, customizers.orderedStream())
                .create(QuarryProduct.USAGE, UsageClient::create);
    }
}
