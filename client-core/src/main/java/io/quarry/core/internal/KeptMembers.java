package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import tools.jackson.core.JsonParser;
import tools.jackson.core.TokenStreamContext;

/**
 * Which generated members the hits of one answer keep (see {@code ApiRequest.generatedMembersKept}): one set of
 * names for every hit, or one per item of the answer's outermost array (a multi-search's results, in its queries'
 * order), each hit keeping those of the item it is in. A hit whose item the decoding cannot place (past the list, or
 * read from anything but the body's own parser) keeps the union. Compared by value, so that the readers of a call
 * that keeps the same members as an earlier one are found again.
 */
public final class KeptMembers {

    /** Keeps none: each hit holds its record and objectID. */
    public static final KeptMembers NONE = new KeptMembers(List.of(Set.of()));
    /**
     * One set for every hit, by set: a search keeps one of a few (its module's sets of the members it can ask for),
     * so a call finds it again rather than building it anew. Bounded, should a module name ever new members.
     */
    private static final Map<Set<String>, KeptMembers> ONE_FOR_ALL = new ConcurrentHashMap<>();

    private static final int MAX_ONE_FOR_ALL = 64;

    static {
        ONE_FOR_ALL.put(Set.of(), NONE); // a search that asks for nothing, the most frequent
    }

    private final List<Set<String>> names;
    private final Kept[] perItem;
    private final Kept union;

    private KeptMembers(List<Set<String>> names) {
        this.names = names;
        this.perItem = new Kept[names.size()];
        for (int i = 0; i < perItem.length; i++) {
            perItem[i] = new Kept(names.get(i));
        }
        this.union = perItem.length == 1 ? perItem[0] : new Kept(unionOf(names));
    }

    /**
     * The members kept, by name.
     *
     * @param perItem one set for every hit, or one per item of the answer's outermost array; not empty
     * @return them, {@link #NONE} when every set is empty
     * @throws IllegalArgumentException when the list is empty
     */
    public static KeptMembers of(List<? extends Set<String>> perItem) {
        Objects.requireNonNull(perItem, "perItem");
        if (perItem.isEmpty()) {
            throw new IllegalArgumentException("one set of names at least: an empty one keeps none");
        }
        if (perItem.size() == 1) {
            KeptMembers known = ONE_FOR_ALL.get(Objects.requireNonNull(perItem.get(0), "names"));
            if (known != null) {
                return known;
            }
        }
        List<Set<String>> copy = new ArrayList<>(perItem.size());
        boolean none = true;
        for (Set<String> names : perItem) {
            Set<String> kept = Set.copyOf(Objects.requireNonNull(names, "names"));
            none &= kept.isEmpty();
            copy.add(kept);
        }
        if (none) {
            return NONE;
        }
        KeptMembers kept = new KeptMembers(Collections.unmodifiableList(copy));
        if (copy.size() == 1 && ONE_FOR_ALL.size() < MAX_ONE_FOR_ALL) {
            KeptMembers raced = ONE_FOR_ALL.putIfAbsent(copy.get(0), kept);
            return raced == null ? kept : raced;
        }
        return kept;
    }

    private static Set<String> unionOf(List<Set<String>> names) {
        Set<String> all = new LinkedHashSet<>();
        names.forEach(all::addAll);
        return Set.copyOf(all);
    }

    /** {@return whether the readers of this kind are worth caching: one set for every hit, of a few names} */
    boolean oneForAll() {
        return perItem.length == 1;
    }

    /**
     * What a hit keeps.
     *
     * @param hit the parser, on the hit's {@code START_OBJECT}
     * @return the members it keeps
     */
    Kept forHit(JsonParser hit) {
        if (perItem.length == 1) {
            return perItem[0];
        }
        if (Json.bodyReadBy(hit) == null) {
            return union; // a parser over part of the body: its contexts do not reach the answer's top
        }
        TokenStreamContext outermost = null;
        for (TokenStreamContext at = hit.streamReadContext(); at != null; at = at.getParent()) {
            if (at.inArray()) {
                outermost = at;
            }
        }
        int item = outermost == null ? -1 : outermost.getCurrentIndex();
        return item >= 0 && item < perItem.length ? perItem[item] : union;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeptMembers that && names.equals(that.names);
    }

    @Override
    public int hashCode() {
        return names.hashCode();
    }

    @Override
    public String toString() {
        return "KeptMembers" + names;
    }

    /** The members one hit keeps, and what such a hit answers when the service sent none of them (shared). */
    static final class Kept {
        private final Set<String> names;
        private final Supplier<FreeFormRecord> nothingSent;

        private Kept(Set<String> names) {
            this.names = names;
            this.nothingSent = names.isEmpty() ? HitMembers.NOT_KEPT : HitMembers.of(null, names);
        }

        /** {@return the names kept} */
        Set<String> names() {
            return names;
        }

        /** {@return whether it keeps none} */
        boolean none() {
            return names.isEmpty();
        }

        /** {@return whether it keeps the member} */
        boolean keeps(String name) {
            return names.contains(name);
        }

        /** {@return what a hit that has none of the members kept answers, shared by every such hit} */
        Supplier<FreeFormRecord> nothingSent() {
            return nothingSent;
        }
    }
}
