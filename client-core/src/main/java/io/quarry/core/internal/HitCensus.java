package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import java.lang.reflect.Type;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JsonParser;
import tools.jackson.core.TokenStreamContext;

/**
 * What the hits of one answer were read as, so as to learn whether answers of its type may be read from a copy
 * without their hits' generated members ({@link GeneratedMembersCut}): only when every hit is an object of a
 * {@code hits} array where the cut looks for hits, read by the SDK's hit reader for a record type whose deserializer
 * (the SDK's, or the client's record mapper's) would step over those members anyway. The verdict is the type's for
 * one mapper ({@link Verdicts}): its readers are found once and do not change.
 */
final class HitCensus {

    private int hits;
    private boolean everyOneCuttable = true;

    /**
     * The verdict of each answer type, learnt from its first answer that held hits: one set for the SDK's own
     * mapper, one per client given a record mapper (whose hits its own deserializers read).
     */
    static final class Verdicts {
        private final Map<Type, Boolean> byType = new ConcurrentHashMap<>();

        /**
         * Whether answers of a type may be cut.
         *
         * @param type the answer's type
         * @return the verdict, null until learnt
         */
        Boolean of(Type type) {
            return byType.get(type);
        }
    }

    /** {@return whether the SDK's hit reader read any hit of the answer} */
    boolean sawHits() {
        return hits > 0;
    }

    /**
     * Learns a type's verdict from one answer, once it held hits.
     *
     * @param verdicts   the verdicts of the mapper that read it
     * @param type       the answer's type
     * @param hitsCounted how many hits the cut counted in the answer, -1 when it could not read it
     */
    void learn(Verdicts verdicts, Type type, int hitsCounted) {
        if (hitsCounted < 0 || hits == 0) {
            return; // nothing learnt: ask the next answer
        }
        if (verdicts.byType.size() < Json.MAX_CACHED_READERS) {
            verdicts.byType.putIfAbsent(type, everyOneCuttable && hits == hitsCounted);
        }
    }

    /**
     * A hit is read.
     *
     * @param hit          the answer's parser, on the hit's {@code START_OBJECT}
     * @param recordType   the hit's record type
     * @param steppedOver  whether that type's deserializer steps over the generated members
     */
    void saw(JsonParser hit, Class<?> recordType, boolean steppedOver) {
        hits++;
        everyOneCuttable &= steppedOver
                && recordType != FreeFormRecord.class
                && recordType != Object.class
                && !Map.class.isAssignableFrom(recordType)
                && whereTheCutLooks(hit.streamReadContext());
    }

    /** An object of the top object's {@code hits} array, or of that of an object of its {@code results} array. */
    private static boolean whereTheCutLooks(TokenStreamContext hit) {
        TokenStreamContext owner = hitsArrayOwner(hit);
        if (owner == null) {
            return false;
        }
        TokenStreamContext above = owner.getParent();
        if (above != null && above.inRoot()) {
            return true;
        }
        TokenStreamContext results = above != null && above.inArray() ? above.getParent() : null;
        return results != null
                && results.inObject()
                && "results".equals(results.currentName())
                && results.getParent() != null
                && results.getParent().inRoot();
    }

    /** The object whose {@code hits} array holds the hit, or null. */
    private static TokenStreamContext hitsArrayOwner(TokenStreamContext hit) {
        TokenStreamContext array = hit == null ? null : hit.getParent();
        TokenStreamContext owner = array != null && array.inArray() ? array.getParent() : null;
        return owner != null && owner.inObject() && "hits".equals(owner.currentName()) ? owner : null;
    }
}
