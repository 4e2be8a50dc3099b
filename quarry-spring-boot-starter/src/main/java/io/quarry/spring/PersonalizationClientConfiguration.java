package io.quarry.spring;

import io.quarry.personalization.PersonalizationClient;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The {@code PersonalizationClient} bean, when its module is on the class path. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "io.quarry.personalization.PersonalizationClient")
class PersonalizationClientConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    PersonalizationClient quarryPersonalizationClient(
            QuarryConnectionDetails connectionDetails,
            QuarryProperties properties,
            ObjectProvider<QuarryClientConfigCustomizer> customizers) {
        return new ClientConfigs(connectionDetails, properties, customizers.orderedStream())
                .create(
                        QuarryProduct.PERSONALIZATION,
                        config -> PersonalizationClient.create(
                                config, Regions.forRegionalHosts(properties, config, QuarryProduct.PERSONALIZATION)));
    }
}
