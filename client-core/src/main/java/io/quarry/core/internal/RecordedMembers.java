package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import java.util.function.Supplier;

/**
 * A hit's generated members as the small JSON object {@link GeneratedMemberRecorder} copied them into, decoded when
 * first asked for.
 */
final class RecordedMembers implements Supplier<FreeFormRecord> {

    /** What a hit without generated members answers; shared, so such a hit allocates nothing for them. */
    static final Supplier<FreeFormRecord> NONE = new Supplier<>() {
        private final FreeFormRecord empty = FreeFormRecord.builder().build();

        @Override
        public FreeFormRecord get() {
            return empty;
        }
    };

    private final byte[] json;
    /** Decoded on first use, for the hit's generated members and its free-form view alike. */
    private volatile FreeFormRecord decoded;

    /**
     * @param json the members, one JSON object
     */
    RecordedMembers(byte[] json) {
        this.json = json;
    }

    @Override
    public FreeFormRecord get() {
        FreeFormRecord members = decoded;
        if (members == null) {
            // a race decodes the bytes twice to equal values, which is harmless
            members = Json.read(json, 0, json.length, FreeFormRecord.class);
            decoded = members;
        }
        return members;
    }
}
