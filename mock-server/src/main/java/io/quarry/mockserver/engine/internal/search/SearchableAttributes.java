package io.quarry.mockserver.engine.internal.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The searchable attributes in rank order. An entry may name several attributes of equal rank ({@code "title,alt"})
 * and may be {@code unordered(attr)} (the position of a match inside the attribute does not matter). An attribute
 * covers its nested values ({@code author} covers {@code author.name}). With no setting, every attribute is
 * searchable (objectID and _geoloc excepted) at one rank and unordered, so that the attribute criterion ties.
 * Not thread-safe: one instance serves one search.
 */
public final class SearchableAttributes {

    /** Rank of a path that is not searchable. */
    public static final int NOT_SEARCHABLE = -1;

    private record Entry(String path, int rank, boolean ordered) {}

    private static final Entry EVERYTHING = new Entry("", 0, false);
    private static final Entry NONE = new Entry("", NOT_SEARCHABLE, true);
    private static final int IDENTITY_CACHE_LIMIT = 4096;

    private final List<Entry> entries;
    private final boolean everything;
    /** The first (best ranked) entry of each attribute path. */
    private final Map<String, Entry> byPath = new LinkedHashMap<>();

    private final Map<String, Entry> cache = new HashMap<>();
    private final Map<String, Entry> byIdentity = new IdentityHashMap<>();

    private SearchableAttributes(List<Entry> entries, boolean everything) {
        this.entries = entries;
        this.everything = everything;
        for (Entry entry : entries) {
            byPath.putIfAbsent(entry.path(), entry);
        }
    }

    /**
     * {@return the searchable attributes}
     *
     * @param setting the searchableAttributes setting, or {@code null}
     * @param restrict the restrictSearchableAttributes parameter, or {@code null}
     */
    public static SearchableAttributes of(List<String> setting, List<String> restrict) {
        List<Entry> entries = new ArrayList<>();
        boolean everything = setting == null || setting.isEmpty();
        Set<String> restricted = restrict == null ? Set.of() : new HashSet<>(restrict);
        if (everything) {
            if (!restricted.isEmpty()) {
                restrict.forEach(path -> entries.add(new Entry(path, 0, true)));
                return new SearchableAttributes(entries, false);
            }
            return new SearchableAttributes(entries, true);
        }
        int rank = 0;
        for (String item : setting) {
            for (String part : item.split(",")) {
                String name = part.trim();
                boolean ordered = true;
                if (name.startsWith("unordered(") && name.endsWith(")")) {
                    name = name.substring("unordered(".length(), name.length() - 1)
                            .trim();
                    ordered = false;
                } else if (name.startsWith("ordered(") && name.endsWith(")")) {
                    name = name.substring("ordered(".length(), name.length() - 1)
                            .trim();
                }
                if (!name.isEmpty() && (restricted.isEmpty() || restricted.contains(name))) {
                    entries.add(new Entry(name, rank, ordered));
                }
            }
            rank++;
        }
        return new SearchableAttributes(entries, false);
    }

    /**
     * {@return the rank of the attribute covering it (0 is best), or {@link #NOT_SEARCHABLE}}
     *
     * @param path a leaf's dotted path
     */
    public int rank(String path) {
        Entry entry = entry(path);
        return entry == null ? NOT_SEARCHABLE : entry.rank();
    }

    /**
     * {@return whether the position of a match in it counts}
     *
     * @param path a leaf's dotted path
     */
    public boolean ordered(String path) {
        Entry entry = entry(path);
        return entry == null || entry.ordered();
    }

    /** {@return the searchable attribute paths in rank order, or empty when all are searchable} */
    public List<String> paths() {
        return List.copyOf(byPath.keySet());
    }

    /** {@return one more than the largest rank} */
    public int rankCount() {
        int count = 1;
        for (Entry entry : entries) {
            count = Math.max(count, entry.rank() + 1);
        }
        return count;
    }

    /** {@return whether every attribute is searchable} */
    public boolean everything() {
        return everything;
    }

    private Entry entry(String path) {
        // Records parsed from JSON share their attribute-name strings, so an identity lookup usually hits.
        Entry cached = byIdentity.get(path);
        if (cached == null) {
            cached = cache.computeIfAbsent(path, this::resolve);
            if (byIdentity.size() < IDENTITY_CACHE_LIMIT) {
                byIdentity.put(path, cached);
            }
        }
        return cached == NONE ? null : cached;
    }

    /**
     * The best ranked attribute covering the path: the path itself or one of its dotted prefixes ({@code author}
     * covers {@code author.name}). Looks up each prefix, so the cost grows with the path, not the attribute count.
     */
    private Entry resolve(String path) {
        if (everything) {
            boolean excluded = path.equals("objectID") || path.equals("_geoloc") || path.startsWith("_geoloc.");
            return excluded ? NONE : EVERYTHING;
        }
        Entry best = byPath.getOrDefault(path, NONE);
        for (int dot = path.indexOf('.'); dot >= 0; dot = path.indexOf('.', dot + 1)) {
            Entry prefix = byPath.get(path.substring(0, dot));
            if (prefix != null && (best == NONE || prefix.rank() < best.rank())) {
                best = prefix;
            }
        }
        return best;
    }
}
