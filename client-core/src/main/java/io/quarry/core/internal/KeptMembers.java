package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.internal.base.HitAccess;
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
 * read from anything but the body's own parser) keeps the union. A hit asked for a member it did not keep throws,
 * saying how to ask for it: the module's hint for that member ({@code ApiRequest.generatedMembersKept}'s second
 * argument), then the options. Compared by value, so that the readers of a call that keeps the same members as an
 * earlier one are found again.
 */
public final class KeptMembers {

    /** Keeps none and has no hint: each hit holds its record and objectID. */
    public static final KeptMembers NONE = new KeptMembers(List.of(Set.of()), Map.of());
    /**
     * One set for every hit, by the module's hints (a constant), then by set: a search keeps one of a few (its
     * module's sets of the members it can ask for), so a call finds it again rather than building it anew, with no
     * key to allocate. Bounded, should a module name ever new members or hints.
     */
    private static final Map<Map<String, String>, Map<Set<String>, KeptMembers>> ONE_FOR_ALL =
            new ConcurrentHashMap<>();

    private static final int MAX_ONE_FOR_ALL = 64;

    private static final String OPTIONS = "RequestOptions.builder().keepGeneratedMembers()";

    private final List<Set<String>> names;
    private final Map<String, String> howToAsk;
    private final Kept[] perItem;
    private final Kept union;
    /** Found once: every search's call finds its readers by it. */
    private final int hash;

    private KeptMembers(List<Set<String>> names, Map<String, String> howToAsk) {
        this.names = names;
        this.howToAsk = howToAsk;
        this.perItem = new Kept[names.size()];
        for (int i = 0; i < perItem.length; i++) {
            perItem[i] = new Kept(names.get(i), howToAsk);
        }
        this.union = perItem.length == 1 ? perItem[0] : new Kept(unionOf(names), howToAsk);
        this.hash = names.hashCode() * 31 + howToAsk.hashCode();
    }

    /**
     * The members kept, by name.
     *
     * @param perItem  one set for every hit, or one per item of the answer's outermost array; not empty
     * @param howToAsk how the module asks for each member, by name
     * @return them
     * @throws IllegalArgumentException when the list is empty
     */
    public static KeptMembers of(List<? extends Set<String>> perItem, Map<String, String> howToAsk) {
        Objects.requireNonNull(perItem, "perItem");
        Objects.requireNonNull(howToAsk, "howToAsk");
        if (perItem.isEmpty()) {
            throw new IllegalArgumentException("one set of names at least: an empty one keeps none");
        }
        Map<Set<String>, KeptMembers> known = ONE_FOR_ALL.get(howToAsk);
        if (perItem.size() == 1 && known != null) {
            KeptMembers found = known.get(Objects.requireNonNull(perItem.get(0), "names"));
            if (found != null) {
                return found;
            }
        }
        List<Set<String>> copy = new ArrayList<>(perItem.size());
        boolean none = true;
        for (Set<String> names : perItem) {
            Set<String> kept = Set.copyOf(Objects.requireNonNull(names, "names"));
            none &= kept.isEmpty();
            copy.add(kept);
        }
        Map<String, String> hints = Map.copyOf(howToAsk);
        if (none && hints.isEmpty()) {
            return NONE;
        }
        KeptMembers kept = new KeptMembers(Collections.unmodifiableList(none ? List.of(Set.of()) : copy), hints);
        if ((copy.size() == 1 || none) && cached() < MAX_ONE_FOR_ALL) {
            KeptMembers raced = ONE_FOR_ALL
                    .computeIfAbsent(hints, any -> new ConcurrentHashMap<>())
                    .putIfAbsent(kept.names.get(0), kept);
            return raced == null ? kept : raced;
        }
        return kept;
    }

    private static int cached() {
        int cached = 0;
        for (Map<Set<String>, KeptMembers> byNames : ONE_FOR_ALL.values()) {
            cached += byNames.size();
        }
        return cached;
    }

    private static Set<String> unionOf(List<Set<String>> names) {
        Set<String> all = new LinkedHashSet<>();
        names.forEach(all::addAll);
        return Set.copyOf(all);
    }

    /** {@return whether no hit keeps any member} */
    boolean keepsNone() {
        return union.none();
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
        return o instanceof KeptMembers that && names.equals(that.names) && howToAsk.equals(that.howToAsk);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return "KeptMembers" + names;
    }

    /**
     * The members one hit keeps, what such a hit answers when the service sent none of them (shared), and what it
     * says of a member it did not keep.
     */
    static final class Kept implements HitAccess.Kept {
        private final Set<String> names;
        private final Map<String, String> howToAsk;
        private final Supplier<FreeFormRecord> nothingSent;
        /** Said by a hit that kept none, asked for its members: made once, shared by every such hit. */
        private final String noneKept;

        private Kept(Set<String> names, Map<String, String> howToAsk) {
            this.names = names;
            this.howToAsk = howToAsk;
            this.nothingSent = names.isEmpty() ? HitMembers.NOT_KEPT : HitMembers.NONE;
            this.noneKept = names.isEmpty() ? noneKept(howToAsk) : null;
        }

        private static String noneKept(Map<String, String> howToAsk) {
            StringBuilder message = new StringBuilder(
                    "this hit kept none of its generated members: its request did" + " not ask for them. Ask");
            howToAsk.entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(hint -> message.append(" for ")
                            .append(hint.getKey())
                            .append(' ')
                            .append(hint.getValue())
                            .append(','));
            return message.append(howToAsk.isEmpty() ? " with " : " or with ")
                    .append(OPTIONS)
                    .append(" for every member the service sends")
                    .toString();
        }

        /** {@return the names kept} */
        Set<String> names() {
            return names;
        }

        /** {@return whether it keeps none} */
        boolean none() {
            return names.isEmpty();
        }

        @Override
        public boolean keeps(String name) {
            return names.contains(name);
        }

        @Override
        public boolean keepsNone() {
            return names.isEmpty();
        }

        @Override
        public String notKept(String name) {
            if (name == null) {
                return noneKept == null ? noneKept(howToAsk) : noneKept;
            }
            String hint = howToAsk.get(name);
            return "this hit did not keep " + name + ": its request did not ask for it. Ask "
                    + (hint == null
                            ? "with " + OPTIONS
                            : hint + ", or with " + OPTIONS + " for every member the service sends");
        }

        /** {@return what a hit that has none of the members kept answers, shared by every such hit} */
        Supplier<FreeFormRecord> nothingSent() {
            return nothingSent;
        }
    }
}
