package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A hit's generated members as the bytes copied out of its response ({@link HitMemberNotes#takeMembers}), one JSON
 * object, decoded when first asked for ({@link io.quarry.core.EnrichedRecord} asks once and keeps the result). Which
 * of them its call kept the hit learns from {@link KeptMembers.Kept}, so that this holds the bytes alone (16 bytes).
 */
final class HitMembers implements Supplier<FreeFormRecord> {

    /** What a hit without generated members answers; shared, so such a hit allocates nothing for them. */
    static final Supplier<FreeFormRecord> NONE = () -> FreeFormRecord.builder().build();

    /**
     * What a hit whose call kept none of its generated members holds: nothing, shared, so decoding such a hit
     * allocates nothing for them (the hit throws before asking it, saying how to ask; see {@link KeptMembers.Kept}).
     */
    static final Supplier<FreeFormRecord> NOT_KEPT = () -> {
        throw new IllegalStateException("this hit kept none of its generated members");
    };

    private final byte[] json;

    /**
     * @param json the members as one JSON object, or null for none
     */
    HitMembers(byte[] json) {
        this.json = json;
    }

    /**
     * The members a hit kept when its call kept only some: those of a whole set the SDK read.
     *
     * @param all  builds every generated member of the hit
     * @param kept the names kept
     * @return what builds only those
     */
    static Supplier<FreeFormRecord> only(Supplier<FreeFormRecord> all, Set<String> kept) {
        return new Only(all, kept);
    }

    @Override
    public FreeFormRecord get() {
        return json == null ? FreeFormRecord.builder().build() : Json.read(json, 0, json.length, FreeFormRecord.class);
    }

    /** Those kept of the members of a whole set the SDK read. */
    private record Only(Supplier<FreeFormRecord> all, Set<String> kept) implements Supplier<FreeFormRecord> {
        @Override
        public FreeFormRecord get() {
            FreeFormRecord.Builder only = FreeFormRecord.builder();
            all.get().attributes().forEach((name, value) -> {
                if (kept.contains(name)) {
                    only.put(name, value);
                }
            });
            return only.build();
        }
    }
}
