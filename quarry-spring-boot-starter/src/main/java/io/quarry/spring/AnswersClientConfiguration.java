package io.quarry.spring;

import io.quarry.answers.AnswersClient;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The {@code AnswersClient} bean, when its module is on the class path. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "io.quarry.answers.AnswersClient")
class AnswersClientConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    AnswersClient quarryAnswersClient(
            QuarryConnectionDetails connectionDetails,
            QuarryProperties properties,
            ObjectProvider<QuarryClientConfigCustomizer> customizers) {
        return new ClientConfigs(connectionDetails, properties, customizers.orderedStream())
                .create(QuarryProduct.ANSWERS, AnswersClient::create);
    }
}
