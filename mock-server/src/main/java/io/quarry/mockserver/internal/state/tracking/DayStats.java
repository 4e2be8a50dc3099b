package io.quarry.mockserver.internal.state.tracking;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One index's counted searches of one day (UTC), one slice per tag set: at most
 * {@value SearchAnalytics#MAX_TAG_SETS_PER_DAY} tag sets, the searches of any further one counting under
 * {@link TagSet#OVERFLOW}.
 */
final class DayStats extends Ledger {

    private final Map<TagSet, SliceStats> slices = new LinkedHashMap<>();

    SliceStats slice(TagSet tags, long seq) {
        TagSet kept = keptTags(tags);
        SliceStats slice = slices.get(kept);
        if (slice == null) {
            slice = new SliceStats();
            slice.attach(this);
            slice.created(seq);
            slice.charge(RowMap.ENTRY_BYTES + kept.bytes() + slice.ownBytes());
            slices.put(kept, slice);
        }
        return slice;
    }

    /**
     * {@return the tag set searches of these tags count under on this day: their own, or the overflow set once the
     * day holds its most tag sets and not theirs}
     *
     * @param tags the tag set of a search
     */
    TagSet keptTags(TagSet tags) {
        return slices.containsKey(tags) || slices.size() < SearchAnalytics.MAX_TAG_SETS_PER_DAY
                ? tags
                : TagSet.OVERFLOW;
    }

    /** {@return the slice the search was counted in, or {@code null} when it is gone} */
    SliceStats sliceOf(TagSet tags, long seq) {
        SliceStats slice = slices.get(keptTags(tags));
        return slice != null && slice.holds(seq) ? slice : null;
    }

    Map<TagSet, SliceStats> slices() {
        return Collections.unmodifiableMap(slices);
    }
}
