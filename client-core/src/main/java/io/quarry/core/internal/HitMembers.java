package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A hit's generated members as the bytes copied out of its response ({@link HitMemberNotes#takeMembers}), one JSON
 * object, decoded when first asked for ({@link io.quarry.core.EnrichedRecord} asks once and keeps the result); and
 * which of them its call kept.
 */
final class HitMembers implements KeptGeneratedMembers {

    /** What a hit without generated members answers; shared, so such a hit allocates nothing for them. */
    static final Supplier<FreeFormRecord> NONE = () -> FreeFormRecord.builder().build();

    /**
     * What a hit whose call kept none of its generated members answers: it holds nothing, and is shared, so decoding
     * such a hit allocates nothing for them ({@link io.quarry.core.EnrichedRecord} throws before asking it).
     */
    static final KeptGeneratedMembers NOT_KEPT = new NotKept();

    private final byte[] json;
    private final Set<String> kept;

    /**
     * @param json the members as one JSON object, or null for none
     * @param kept the names of the members the call kept (the others were not copied), or null for every one
     */
    HitMembers(byte[] json, Set<String> kept) {
        this.json = json;
        this.kept = kept;
    }

    /**
     * The members a hit kept when its call kept only some: those of a whole set the SDK read.
     *
     * @param all  builds every generated member of the hit
     * @param kept the names kept
     * @return what builds only those
     */
    static KeptGeneratedMembers only(Supplier<FreeFormRecord> all, Set<String> kept) {
        return new KeptGeneratedMembers() {
            @Override
            public Set<String> kept() {
                return kept;
            }

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
        };
    }

    @Override
    public Set<String> kept() {
        return kept;
    }

    @Override
    public FreeFormRecord get() {
        return json == null ? FreeFormRecord.builder().build() : Json.read(json, 0, json.length, FreeFormRecord.class);
    }

    private static final class NotKept implements KeptGeneratedMembers {
        @Override
        public Set<String> kept() {
            return Set.of();
        }

        @Override
        public FreeFormRecord get() {
            return FreeFormRecord.builder().build();
        }
    }
}
