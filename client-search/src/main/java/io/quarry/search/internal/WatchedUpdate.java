package io.quarry.search.internal;

import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A typed partial update written as it is, through an {@link ObjectIDWatch} that notes a cumulative operation in it
 * (and, for an ingester, judges its objectID): the record is serialised once, by the request or by the ingester's
 * {@code prepare}, rather than converted first to look for one. Only records whose class's layout cannot tell
 * ({@link io.quarry.core.spi.RecordLayout}) are wrapped so.
 */
@JsonSerialize(using = WatchedUpdate.Writer.class)
final class WatchedUpdate {

    private final Object attributes;
    private final boolean judgeObjectID;

    private volatile boolean cumulative;
    private volatile boolean objectIDWritten;
    private volatile String problem;

    /**
     * @param attributes    the typed update
     * @param judgeObjectID whether an objectID the service would refuse stops the write ({@link #problem()})
     */
    WatchedUpdate(Object attributes, boolean judgeObjectID) {
        this.attributes = attributes;
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
        return "WatchedUpdate[" + attributes.getClass().getName() + "]";
    }

    /** Writes the update through the watch. */
    static final class Writer extends ValueSerializer<WatchedUpdate> {

        @Override
        public void serialize(WatchedUpdate update, JsonGenerator gen, SerializationContext ctxt) {
            ObjectIDWatch watch = ObjectIDWatch.overRecord(gen, update.judgeObjectID);
            try {
                ctxt.writeValue(watch, update.attributes);
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
