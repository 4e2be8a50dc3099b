package io.quarry.search.internal;

import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A typed record or partial update written as it is, through an {@link ObjectIDWatch} that notes a cumulative
 * operation in it and whether it wrote a top-level objectID (and, for an ingester, judges that objectID): the record
 * is serialised once, by the request or by the ingester's {@code prepare}, rather than converted first to find out.
 * Only records whose class's layout cannot tell ({@link io.quarry.core.spi.RecordLayout}) are wrapped so.
 */
@JsonSerialize(using = WatchedRecord.Writer.class)
final class WatchedRecord {

    private final Object record;
    private final boolean judgeObjectID;

    private volatile boolean cumulative;
    private volatile boolean objectIDWritten;
    private volatile String problem;

    /**
     * @param record        the typed record or update
     * @param judgeObjectID whether an objectID the service would refuse stops the write ({@link #problem()})
     */
    WatchedRecord(Object record, boolean judgeObjectID) {
        this.record = record;
        this.judgeObjectID = judgeObjectID;
    }

    /** {@return whether a serialisation so far wrote an Increment, Decrement or Add; once true, stays true} */
    boolean cumulative() {
        return cumulative;
    }

    /** {@return whether the last serialisation wrote a top-level objectID other than null} */
    boolean objectIDWritten() {
        return objectIDWritten;
    }

    /** {@return why the objectID was refused as it was written, or null} */
    String problem() {
        return problem;
    }

    @Override
    public String toString() {
        return "WatchedRecord[" + record.getClass().getName() + "]";
    }

    /** Writes the record through the watch. */
    static final class Writer extends ValueSerializer<WatchedRecord> {

        @Override
        public void serialize(WatchedRecord update, JsonGenerator gen, SerializationContext ctxt) {
            ObjectIDWatch watch = ObjectIDWatch.overRecord(gen, update.judgeObjectID);
            try {
                ctxt.writeValue(watch, update.record);
            } finally {
                // noted even when the write stops: a body cut off is not applied, what was written is what counts
                if (watch.cumulative()) {
                    update.cumulative = true;
                }
                update.objectIDWritten = watch.objectIDWritten();
                if (watch.problem() != null) {
                    update.problem = watch.problem();
                }
            }
        }
    }
}
