package io.quarry.core;

import io.quarry.core.internal.JsonFailures;
import io.quarry.core.internal.StrictSdkMembers;
import io.quarry.core.internal.base.CreatorHandles;
import io.quarry.core.internal.base.FiniteNumbers;
import io.quarry.core.internal.base.RecordSettings;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/**
 * The conversions of {@link FreeFormRecord} (to and from other types, to JSON text), which belong to no client: a
 * mapper with the SDK's record settings, of its own so that the record, a value, does not reach into the transport's
 * JSON machinery (which reads records into hits and so depends on the record). The core's value types declare
 * their JSON form themselves, so this mapper writes and reads them as the transport's does; hits met in a
 * conversion are read by {@link EnrichedRecordConversion}.
 */
final class RecordConversions {

    private RecordConversions() {}

    /** Built on first use: a client that never converts a record never builds it. */
    private static final class Holder {
        static final ObjectMapper MAPPER = RecordSettings.applyTo(JsonMapper.builder())
                .addModule(CreatorHandles.module())
                // the SDK's own types among the converted values (a hit's _rankingInfo, _answer) read strictly
                .addModule(StrictSdkMembers.module())
                // a NaN or an infinity is refused on the way in, as a body refuses it, not left to fail the read
                .addModule(FiniteNumbers.module())
                .addModule(new SimpleModule("quarry-converted-hits")
                        .addDeserializer(EnrichedRecord.class, new EnrichedRecordConversion()))
                .build();
    }

    /**
     * Converts a value to another type through its JSON form.
     *
     * @param value the value
     * @param type  the target type
     * @param <T>   the target type
     * @return the converted value
     * @throws DeserializationException if the value does not match the type
     * @throws InvalidRequestException  if the value cannot be serialised (a NaN or an infinity in it, say)
     */
    static <T> T convert(Object value, Class<T> type) {
        try {
            return Holder.MAPPER.convertValue(value, type);
        } catch (JacksonException e) {
            if (e.processor() instanceof JsonGenerator) {
                throw JsonFailures.writing(e); // it failed while its JSON form was being written
            }
            throw JsonFailures.reading(type, e);
        }
    }

    /**
     * A value as compact JSON text.
     *
     * @param value the value
     * @return the text
     * @throws InvalidRequestException if the value cannot be serialised
     */
    static String toJsonString(Object value) {
        try {
            return Holder.MAPPER.writeValueAsString(value);
        } catch (JacksonException e) {
            throw JsonFailures.writing(e);
        }
    }
}
