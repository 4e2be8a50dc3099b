package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The auto-configuration metadata in the jar, as Spring Boot's own starters carry it: with it, Spring Boot drops the
 * auto-configurations whose classes are missing (the other Boot line's health API, say) before it reads them, and
 * orders them without reading them either.
 */
class AutoConfigurationMetadataTest {

    @Test
    void eachBootLinesHealthAutoConfigurationNamesTheClassItNeeds() throws IOException {
        Properties metadata = metadata();
        assertThat(metadata.getProperty(QuarryBoot3HealthAutoConfiguration.class.getName() + ".ConditionalOnClass"))
                .isEqualTo("org.springframework.boot.actuate.health.HealthIndicator");
        assertThat(metadata.getProperty(QuarryBoot4HealthAutoConfiguration.class.getName() + ".ConditionalOnClass"))
                .isEqualTo("org.springframework.boot.health.contributor.HealthIndicator");
        assertThat(metadata.getProperty(QuarryBoot4HealthAutoConfiguration.class.getName() + ".AutoConfigureAfter"))
                .isEqualTo(QuarryAutoConfiguration.class.getName());
    }

    @Test
    void everyAutoConfigurationIsListed() throws IOException {
        Properties metadata = metadata();
        for (Class<?> autoConfiguration : new Class<?>[] {
            QuarryAutoConfiguration.class,
            QuarryBoot3HealthAutoConfiguration.class,
            QuarryBoot4HealthAutoConfiguration.class,
            QuarryObservationAutoConfiguration.class,
            QuarryJacksonRecordMapperAutoConfiguration.class
        }) {
            assertThat(metadata.getProperty(autoConfiguration.getName()))
                    .as(autoConfiguration.getSimpleName())
                    .isNotNull();
        }
    }

    private static Properties metadata() throws IOException {
        Properties metadata = new Properties();
        try (InputStream in = AutoConfigurationMetadataTest.class
                .getClassLoader()
                .getResourceAsStream("META-INF/spring-autoconfigure-metadata.properties")) {
            assertThat(in)
                    .as("META-INF/spring-autoconfigure-metadata.properties")
                    .isNotNull();
            metadata.load(in);
        }
        return metadata;
    }
}
