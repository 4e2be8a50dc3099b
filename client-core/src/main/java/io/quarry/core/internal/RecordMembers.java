package io.quarry.core.internal;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import tools.jackson.databind.PropertyName;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.bean.BeanDeserializerBase;

/**
 * How a record type's deserializer takes a hit's members, found once per type: whether the generated members can be
 * stepped over before it sees them ({@link HitMemberNotes}), and whether it reads the objectID itself.
 *
 * @param steppedOver      true for a bean with neither an any-setter nor a generated member declared: it would
 *                         skip them as unknown properties anyway
 * @param declaresObjectID true when it has an {@code objectID} property of its own
 */
record RecordMembers(boolean steppedOver, boolean declaresObjectID) {

    /** For a deserializer of unknown kind: it sees every member. */
    private static final RecordMembers READ_BY_RECORD = new RecordMembers(false, false);

    /**
     * How a deserializer takes a hit's members.
     *
     * @param deserializer the record type's deserializer
     * @return what it reads
     */
    static RecordMembers of(ValueDeserializer<?> deserializer) {
        if (!(deserializer instanceof BeanDeserializerBase bean) || bean.hasAnySetter()) {
            return READ_BY_RECORD;
        }
        for (Object name : bean.getKnownPropertyNames()) {
            if (name instanceof String property && EnrichedRecord.isGeneratedMember(property)) {
                return READ_BY_RECORD;
            }
        }
        return new RecordMembers(true, bean.findProperty(PropertyName.construct(FreeFormRecord.OBJECT_ID)) != null);
    }
}
