package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A hit's generated members as the bytes copied out of its response ({@link HitMemberNotes#takeMembers}), one JSON
 * object, decoded when first asked for ({@link io.quarry.core.EnrichedRecord} asks once and keeps the result); and,
 * as a predicate, which of them its call kept (the hit asks it, so that a member not kept throws rather than
 * answering that the service sent none).
 */
class HitMembers implements Supplier<FreeFormRecord>, Predicate<String> {

    /** What a hit without generated members answers; shared, so such a hit allocates nothing for them. */
    static final Supplier<FreeFormRecord> NONE = () -> FreeFormRecord.builder().build();

    /**
     * What a hit whose call kept none of its generated members answers: it holds nothing, and is shared, so decoding
     * such a hit allocates nothing for them; asked for them, it throws saying how to ask.
     */
    static final Supplier<FreeFormRecord> NOT_KEPT = new NotKept();

    private final byte[] json;

    /**
     * @param json the members as one JSON object, or null for none
     */
    private HitMembers(byte[] json) {
        this.json = json;
    }

    /**
     * A hit's members: 16 bytes when its call kept every one, 24 with the names when it kept only some.
     *
     * @param json the members as one JSON object, or null for none
     * @param kept the names of the members the call kept (the others were not copied), or null for every one
     * @return them
     */
    static HitMembers of(byte[] json, Set<String> kept) {
        return kept == null ? new HitMembers(json) : new Some(json, kept);
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
    public boolean test(String member) {
        return true;
    }

    @Override
    public FreeFormRecord get() {
        return json == null ? FreeFormRecord.builder().build() : Json.read(json, 0, json.length, FreeFormRecord.class);
    }

    /** The members of a hit whose call kept only some. */
    private static final class Some extends HitMembers {
        private final Set<String> kept;

        Some(byte[] json, Set<String> kept) {
            super(json);
            this.kept = kept;
        }

        @Override
        public boolean test(String member) {
            return kept.contains(member);
        }
    }

    /** Keeps none: every member asked of it throws. */
    private static final class NotKept implements Supplier<FreeFormRecord>, Predicate<String> {
        @Override
        public boolean test(String member) {
            return false;
        }

        @Override
        public FreeFormRecord get() {
            throw new IllegalStateException("this hit kept none of its generated members (_highlightResult,"
                    + " _snippetResult, _rankingInfo, ...): the search did not ask for them. Ask in the query"
                    + " (attributesToHighlight, attributesToSnippet, highlightPreTag, highlightPostTag,"
                    + " snippetEllipsisText, getRankingInfo), or with RequestOptions.builder().keepGeneratedMembers()"
                    + " for those the index's settings add");
        }
    }

    /** Those kept of the members of a whole set the SDK read. */
    private record Only(Supplier<FreeFormRecord> all, Set<String> kept)
            implements Supplier<FreeFormRecord>, Predicate<String> {
        @Override
        public boolean test(String member) {
            return kept.contains(member);
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
    }
}
