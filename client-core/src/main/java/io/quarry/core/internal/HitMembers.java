package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import java.util.function.Supplier;

/**
 * A hit's generated members as the bytes copied out of its response ({@link HitMemberNotes#takeMembers}), one JSON
 * object, decoded when first asked for ({@link io.quarry.core.EnrichedRecord} asks once and keeps the result).
 */
final class HitMembers implements Supplier<FreeFormRecord> {

    /** What a hit without generated members answers; shared, so such a hit allocates nothing for them. */
    static final Supplier<FreeFormRecord> NONE = () -> FreeFormRecord.builder().build();

    private final byte[] json;

    /**
     * @param json the members as one JSON object
     */
    HitMembers(byte[] json) {
        this.json = json;
    }

    @Override
    public FreeFormRecord get() {
        return Json.read(json, 0, json.length, FreeFormRecord.class);
    }
}
