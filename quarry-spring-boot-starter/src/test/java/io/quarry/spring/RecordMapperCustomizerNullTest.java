package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The record-mapper customizer's factory refuses a null provider at once, naming it, rather than making a customizer
 * that fails when the first client is built (the examples' probe of values cannot load this class: it names the
 * Spring Boot 4 Jackson customizer, which the examples lack).
 */
class RecordMapperCustomizerNullTest {

    @Test
    void aNullProviderIsRefusedByName() {
        assertThatThrownBy(() ->
                        new QuarryJacksonRecordMapperAutoConfiguration().quarryJacksonRecordMapperCustomizer(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("jacksonCustomizers");
    }
}
