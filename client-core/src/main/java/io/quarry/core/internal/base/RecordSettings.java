package io.quarry.core.internal.base;

import com.fasterxml.jackson.annotation.JsonInclude;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The settings the SDK reads and writes records with, shared by its mappers and by a record mapper built from a
 * customizer. It knows none of Quarry's types, so any part of the core may apply it.
 */
public final class RecordSettings {

    private RecordSettings() {}

    /**
     * Applies the settings to a builder: unknown properties ignored, unknown enum values read as the
     * {@code @JsonEnumDefaultValue} constant or else null, null members omitted, {@code java.time} values as
     * ISO-8601 strings, empty beans allowed.
     *
     * @param builder the builder
     * @return the same builder
     */
    public static JsonMapper.Builder applyTo(JsonMapper.Builder builder) {
        return builder.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(EnumFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE)
                .enable(EnumFeature.READ_UNKNOWN_ENUM_VALUES_AS_NULL)
                .disable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .changeDefaultPropertyInclusion(incl -> incl.withValueInclusion(JsonInclude.Include.NON_NULL));
    }
}
