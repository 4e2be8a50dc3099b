package io.quarry.spring;

import java.util.Objects;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * On Spring Boot 4, with {@code quarry.record-mapper.use-jackson-customizers=true}, writes and reads the
 * application's records with a mapper that has the application's Jackson customizations: every
 * {@link JsonMapperBuilderCustomizer} bean, in its order (Spring Boot's own among them, which applies the
 * {@code spring.jackson.*} properties), on the SDK's record settings. Spring Boot 3.5's customizers are for
 * Jackson 2, which the clients do not use, so there this does nothing.
 */
@AutoConfiguration
@ConditionalOnClass(name = "org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer")
@ConditionalOnProperty(name = "quarry.record-mapper.use-jackson-customizers", havingValue = "true")
public class QuarryJacksonRecordMapperAutoConfiguration {

    /** Created by Spring Boot. */
    public QuarryJacksonRecordMapperAutoConfiguration() {}

    /**
     * Sets every client's record mapper. It runs first, so that an application's own customizer can still set
     * another mapper.
     *
     * @param jacksonCustomizers the application's Jackson customizers
     * @return the customizer
     */
    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    public QuarryClientConfigCustomizer quarryJacksonRecordMapperCustomizer(
            ObjectProvider<JsonMapperBuilderCustomizer> jacksonCustomizers) {
        Objects.requireNonNull(jacksonCustomizers, "jacksonCustomizers");
        return builder -> builder.recordMapper(
                mapper -> jacksonCustomizers.orderedStream().forEach(customizer -> customizer.customize(mapper)));
    }
}
