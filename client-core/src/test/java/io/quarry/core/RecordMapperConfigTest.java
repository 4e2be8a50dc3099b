package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/** The record mapper a configuration carries: none by default, given or customised, kept by toBuilder. */
class RecordMapperConfigTest {

    record Book(String objectID, String bookTitle, String subtitle) {}

    @Test
    void noneByDefault() {
        ClientConfig config = ClientConfig.builder("app", "key").build();

        assertThat(config.recordMapper()).isEmpty();
        assertThat(config.toString()).doesNotContain("recordMapper");
    }

    @Test
    void aGivenMapperIsKeptAsItIsAndByToBuilder() {
        JsonMapper mapper = JsonMapper.builder().build();
        ClientConfig config =
                ClientConfig.builder("app", "key").recordMapper(mapper).build();

        assertThat(config.recordMapper()).containsSame(mapper);
        assertThat(config.toBuilder().build().recordMapper()).containsSame(mapper);
        assertThat(config.toString()).contains("recordMapper=custom");
    }

    @Test
    void aCustomizerChangesTheSdksRecordSettings() {
        ClientConfig config = ClientConfig.builder("app", "key")
                .recordMapper(mapper -> mapper.propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE))
                .build();
        JsonMapper mapper = config.recordMapper().orElseThrow();

        // the customizer's naming, on top of the SDK's settings: nulls left out, unknown properties ignored (the
        // clients keep objectID's name when they use it)
        assertThat(mapper.writeValueAsString(new Book("1", "Dune", null)))
                .isEqualTo("{\"object_id\":\"1\",\"book_title\":\"Dune\"}");
        assertThat(mapper.isEnabled(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES))
                .isFalse();
    }
}
