package io.quarry.core.spi;

import io.quarry.core.FreeFormRecord;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.core.util.JsonGeneratorDelegate;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/**
 * The JSON form of a {@link DefaultObjectID}, declared on the class: the record through its own serializer, watching
 * the names written at the record's top level; if none was {@code objectID}, the default ID is added before the
 * record's closing brace.
 */
final class DefaultObjectIDJson extends ValueSerializer<DefaultObjectID> {

    @Override
    public void serialize(DefaultObjectID value, JsonGenerator gen, SerializationContext ctxt) {
        Object record = value.record();
        Watch watch = new Watch(gen, value.objectID());
        ctxt.findRootValueSerializer(record.getClass()).serialize(record, watch, ctxt);
    }

    /** Passes every call through, noting the record's own objectID and closing the record with one if needed. */
    private static final class Watch extends JsonGeneratorDelegate {
        private final String objectID;
        /** Nesting depth of the record's own members. */
        private final int recordDepth;

        private boolean seen;

        Watch(JsonGenerator gen, String objectID) {
            super(gen, false);
            this.objectID = objectID;
            this.recordDepth = gen.streamWriteContext().getNestingDepth() + 1;
        }

        private boolean atRecordLevel() {
            return delegate.streamWriteContext().getNestingDepth() == recordDepth
                    && delegate.streamWriteContext().inObject();
        }

        @Override
        public JsonGenerator writeName(String name) {
            if (atRecordLevel() && FreeFormRecord.OBJECT_ID.equals(name)) {
                seen = true;
            }
            delegate.writeName(name);
            return this;
        }

        @Override
        public JsonGenerator writeName(SerializableString name) {
            if (atRecordLevel() && FreeFormRecord.OBJECT_ID.equals(name.getValue())) {
                seen = true;
            }
            delegate.writeName(name);
            return this;
        }

        @Override
        public JsonGenerator writeEndObject() {
            if (atRecordLevel() && !seen) {
                seen = true;
                delegate.writeName(FreeFormRecord.OBJECT_ID);
                delegate.writeString(objectID);
            }
            delegate.writeEndObject();
            return this;
        }
    }
}
