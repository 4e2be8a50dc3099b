package io.quarry.spring;

import io.quarry.monitoring.MonitoringClient;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The {@code MonitoringClient} bean, when its module is on the class path. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "io.quarry.monitoring.MonitoringClient")
class MonitoringClientConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    MonitoringClient quarryMonitoringClient(
            QuarryConnectionDetails connectionDetails,
            QuarryProperties properties,
            ObjectProvider<QuarryClientConfigCustomizer> customizers) {
        return new ClientConfigs(connectionDetails, properties, customizers.orderedStream())
                .create(QuarryProduct.MONITORING, MonitoringClient::create);
    }
}
