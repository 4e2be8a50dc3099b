package io.quarry.spring;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * Binds the {@link QuarryProperties quarry.* properties} and makes a bean of each Quarry client whose module is on
 * the class path (none for a module that is absent), unless the application defines its own bean of that type. The
 * clients are closed with the application context. They connect as the {@link QuarryConnectionDetails} say: those
 * the properties give, unless the application (or a test) defines its own. {@link QuarryClientConfigCustomizer}
 * beans adjust every client's configuration after the properties. With Spring Boot's actuator, the API keys stay
 * masked in its {@code configprops} and {@code env} endpoints even where they show values.
 *
 * <p>Health checks, opt-in per client ({@code quarry.health.search.enabled=true}, ...), become health indicators
 * through {@link QuarryBoot3HealthAutoConfiguration} or {@link QuarryBoot4HealthAutoConfiguration}, whichever
 * health API the application's Spring Boot has. On Spring Boot 4, {@link QuarryJacksonRecordMapperAutoConfiguration}
 * applies the application's Jackson customizations to its records when asked.
 */
@AutoConfiguration
@EnableConfigurationProperties(QuarryProperties.class)
@Import({
    SearchClientConfiguration.class,
    AnalyticsClientConfiguration.class,
    InsightsClientConfiguration.class,
    PersonalizationClientConfiguration.class,
    AnswersClientConfiguration.class,
    QuerySuggestionsClientConfiguration.class,
    MonitoringClientConfiguration.class,
    UsageClientConfiguration.class,
    CrawlerClientConfiguration.class,
    ApiKeyMasking.class
})
public class QuarryAutoConfiguration {

    /** Created by Spring Boot. */
    public QuarryAutoConfiguration() {}

    @Bean
    @ConditionalOnMissingBean(QuarryConnectionDetails.class)
    PropertiesQuarryConnectionDetails quarryConnectionDetails(QuarryProperties properties) {
        return new PropertiesQuarryConnectionDetails(properties);
    }
}
