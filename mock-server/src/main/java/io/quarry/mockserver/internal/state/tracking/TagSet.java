package io.quarry.mockserver.internal.state.tracking;

import java.util.List;

/**
 * The analytics tags of a search, as a set (sorted, without duplicates), or the overflow set standing for tag
 * sets beyond the bounds: searches counted under it match no {@code tags} expression, only reads that give none.
 */
public final class TagSet {

    /** The searches without tags. */
    public static final TagSet NONE = new TagSet(List.of(), false);
    /** The tag sets beyond the bounds, whose tags are not kept. */
    public static final TagSet OVERFLOW = new TagSet(List.of(), true);

    private final List<String> tags;
    private final boolean overflow;

    TagSet(List<String> tags, boolean overflow) {
        this.tags = tags;
        this.overflow = overflow;
    }

    /** {@return the tags, sorted, without duplicates (empty for the overflow set)} */
    public List<String> tags() {
        return tags;
    }

    /** {@return whether this stands for the tag sets beyond the bounds} */
    public boolean overflow() {
        return overflow;
    }

    long bytes() {
        long bytes = 48;
        for (String tag : tags) {
            bytes += 8 + SliceStats.bytes(tag);
        }
        return bytes;
    }

    @Override
    public String toString() {
        return overflow ? "(overflow)" : tags.toString();
    }
}
