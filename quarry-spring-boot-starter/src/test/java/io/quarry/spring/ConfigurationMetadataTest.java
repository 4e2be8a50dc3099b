package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientConfig;
import io.quarry.core.EnvironmentConfig;
import io.quarry.core.LogLevel;
import io.quarry.core.RequestCompression;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.util.unit.DataSize;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The configuration metadata in the jar, which IDEs read to complete and document the {@code quarry.*} properties:
 * every property described, the defaults the clients apply shown (and equal to the core's), the regions offered.
 */
class ConfigurationMetadataTest {

    private static final ClientConfig CORE_DEFAULTS =
            ClientConfig.builder("APP", "key").build();

    @Test
    void everyPropertyHasADescription() throws IOException {
        List<String> undescribed = new ArrayList<>();
        for (JsonNode property : metadata().get("properties")) {
            if (property.path("description").asString("").isBlank()) {
                undescribed.add(property.get("name").asString());
            }
        }
        assertThat(undescribed).isEmpty();
    }

    @Test
    void theDefaultsShownAreTheOnesTheClientsApply() throws IOException {
        Map<String, JsonNode> properties = properties();
        assertThat(duration(properties, "quarry.connect-timeout")).isEqualTo(CORE_DEFAULTS.connectTimeout());
        assertThat(duration(properties, "quarry.read-timeout")).isEqualTo(CORE_DEFAULTS.readTimeout());
        assertThat(duration(properties, "quarry.write-timeout")).isEqualTo(CORE_DEFAULTS.writeTimeout());
        assertThat(duration(properties, "quarry.close-timeout")).isEqualTo(CORE_DEFAULTS.closeTimeout());
        assertThat(duration(properties, "quarry.call-deadline")).isEqualTo(CORE_DEFAULTS.callDeadline());
        assertThat(duration(properties, "quarry.host-down-ttl")).isEqualTo(CORE_DEFAULTS.hostDownTtl());
        assertThat(DataSize.parse(properties
                                .get("quarry.max-response-bytes")
                                .get("defaultValue")
                                .asString())
                        .toBytes())
                .isEqualTo(CORE_DEFAULTS.maxResponseBytes());
        assertThat(RequestCompression.valueOf(properties
                        .get("quarry.request-compression")
                        .get("defaultValue")
                        .asString()
                        .toUpperCase(Locale.ROOT)))
                .isEqualTo(CORE_DEFAULTS.requestCompression());
        assertThat(duration(properties, "quarry.health.timeout")).isEqualTo(new QuarryProperties.Health().getTimeout());
        assertThat(LogLevel.valueOf(properties
                        .get("quarry.log-level")
                        .get("defaultValue")
                        .asString()
                        .toUpperCase(Locale.ROOT)))
                .isEqualTo(CORE_DEFAULTS.logLevel());
    }

    @Test
    void theKeysOfTheClientsThatTakeNoSharedKeySaySo() throws IOException {
        Map<String, JsonNode> properties = properties();
        for (String product : List.of("monitoring", "usage", "crawler")) {
            assertThat(properties
                            .get("quarry." + product + ".api-key")
                            .get("description")
                            .asString())
                    .as(product)
                    .startsWith("The " + product + " API key, required")
                    .contains("does not take quarry.api-key");
        }
    }

    @Test
    void theMonitoringCheckSaysItNeedsTheMonitoringKey() throws IOException {
        assertThat(properties()
                        .get("quarry.health.monitoring.enabled")
                        .get("description")
                        .asString())
                .contains("needs the monitoring key");
    }

    @Test
    void everyCallSettingOfTheEnvironmentIsAProperty() throws IOException {
        Map<String, JsonNode> properties = properties();
        for (EnvironmentConfig.Variable variable : EnvironmentConfig.Variable.values()) {
            assertThat(properties).as(variable.systemProperty()).containsKey(variable.systemProperty());
        }
        assertThat(properties).containsKeys("quarry.default-headers", "quarry.retry-rounds.mode");
        assertThat(properties).doesNotContainKey("quarry.gzip-requests");
    }

    @Test
    void theRegionsAreOffered() throws IOException {
        List<String> regions = new ArrayList<>();
        for (JsonNode hint : metadata().get("hints")) {
            if (hint.get("name").asString().equals("quarry.region")) {
                hint.get("values")
                        .forEach(value -> regions.add(value.get("value").asString()));
            }
        }
        assertThat(regions).containsExactly("us", "eu");
    }

    private static Duration duration(Map<String, JsonNode> properties, String name) {
        JsonNode property = properties.get(name);
        assertThat(property.has("defaultValue")).as(name + " shows its default").isTrue();
        return DurationStyle.detectAndParse(property.get("defaultValue").asString());
    }

    private static Map<String, JsonNode> properties() throws IOException {
        Map<String, JsonNode> byName = new HashMap<>();
        metadata()
                .get("properties")
                .forEach(property -> byName.put(property.get("name").asString(), property));
        return byName;
    }

    private static JsonNode metadata() throws IOException {
        try (InputStream in =
                QuarryProperties.class.getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("the annotation processor's metadata").isNotNull();
            return JsonMapper.builder().build().readTree(in);
        }
    }
}
