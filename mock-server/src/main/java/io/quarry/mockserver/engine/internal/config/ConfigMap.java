package io.quarry.mockserver.engine.internal.config;

import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * An immutable map from names to values in the order the names were first put, of which a change makes a new map
 * sharing all the rest: an index's settings, synonyms or rules. Saving one of n items one at a time copied every item
 * at each save (n² in all); a change here copies the few arrays on its paths, at most 32 references at each of a few
 * levels, whatever the size. Readers hold a map as of one instant while writers make the next.
 *
 * <p>Two tries make it: one of slots by the order names came in (a removed name leaves its slot empty, and the map is
 * rebuilt once empty slots outnumber the names), each node knowing how many names it holds, so that the i-th value is
 * found in a few steps; and one from each name's hash to its slot.
 *
 * @param <V> the values
 */
public final class ConfigMap<V> {

    private static final int BITS = 5;
    private static final int WIDTH = 1 << BITS;
    private static final int MASK = WIDTH - 1;
    /** The deepest shift of the name trie: below it, names of one hash share a chain. */
    private static final int LAST_SHIFT = 30;

    private static final ConfigMap<?> EMPTY = new ConfigMap<>(null, 0, 0, null, 0);

    /** The slot trie's root, or null. */
    private final Slots root;
    /** The shift of the root's level (0: the root holds entries). */
    private final int rootShift;
    /** Slots used, filled or emptied: the next name goes at this one. */
    private final int used;
    /** The name trie's root, or null. */
    private final Object[] names;
    /** References the change making this map copied (see {@link #copied()}). */
    private final int copied;

    private ConfigMap(Slots root, int rootShift, int used, Object[] names, int copied) {
        this.root = root;
        this.rootShift = rootShift;
        this.used = used;
        this.names = names;
        this.copied = copied;
    }

    /**
     * {@return the empty map}
     *
     * @param <V> the values
     */
    @SuppressWarnings("unchecked")
    public static <V> ConfigMap<V> of() {
        return (ConfigMap<V>) EMPTY;
    }

    /** {@return how many names it holds} */
    public int size() {
        return root == null ? 0 : root.live;
    }

    /**
     * {@return how many references the change that made this map copied into new arrays: what it cost, which a test
     *     counts}
     */
    public int copied() {
        return copied;
    }

    /**
     * {@return the value of the name, or {@code null}}
     *
     * @param name a name
     */
    public V get(String name) {
        Item<V> entry = entry(name);
        return entry == null ? null : entry.value;
    }

    /**
     * {@return a map with the name holding the value: in its place when it was there, else last}
     *
     * @param name a name
     * @param value its value, not null
     */
    public ConfigMap<V> with(String name, V value) {
        int hash = spread(name.hashCode());
        Item<V> current = entry(name);
        int slot = current == null ? used : current.slot;
        Item<V> entry = new Item<>(name, value, slot);
        int[] copies = new int[1];
        Object[] nextNames =
                current == null ? putName(names, 0, hash, entry, copies) : replaceName(names, 0, hash, entry, copies);
        Slots nextRoot = root;
        int shift = rootShift;
        if (nextRoot == null) {
            shift = 0;
        } else if (slot >>> shift >>> BITS != 0) {
            // the trie is full: a level above it makes room
            Object[] children = new Object[WIDTH];
            children[0] = nextRoot;
            nextRoot = new Slots(children, nextRoot.live);
            shift += BITS;
            copies[0] += 1;
        }
        nextRoot = setSlot(nextRoot, shift, slot, entry, copies);
        return new ConfigMap<>(nextRoot, shift, Math.max(used, slot + 1), nextNames, copies[0]);
    }

    /**
     * {@return a map without the name (this one when it was absent)}
     *
     * @param name a name
     */
    public ConfigMap<V> without(String name) {
        Item<V> current = entry(name);
        if (current == null) {
            return this;
        }
        int[] copies = new int[1];
        Object[] nextNames = removeName(names, 0, spread(name.hashCode()), name, copies);
        Slots nextRoot = setSlot(root, rootShift, current.slot, null, copies);
        if (nextRoot.live == 0) {
            return of();
        }
        ConfigMap<V> next = new ConfigMap<>(nextRoot, rootShift, used, nextNames, copies[0]);
        // rebuilt once empty slots outnumber names: each removal pays for two of the rebuild's steps
        return used - nextRoot.live > nextRoot.live + WIDTH ? next.compacted(copies[0]) : next;
    }

    private ConfigMap<V> compacted(int copiedBefore) {
        ConfigMap<V> rebuilt = of();
        int copies = copiedBefore;
        for (Item<V> entry : entries()) {
            rebuilt = rebuilt.with(entry.name, entry.value);
            copies += rebuilt.copied;
        }
        return new ConfigMap<>(rebuilt.root, rebuilt.rootShift, rebuilt.used, rebuilt.names, copies);
    }

    /** {@return the values in order, an immutable list over this map} */
    public Values<V> values() {
        return new Values<>(this);
    }

    /** {@return the names and values in order, an immutable map over this one} */
    public Map<String, V> asMap() {
        return new AsMap<>(this);
    }

    // --- the name trie: slots of WIDTH, each null, a chain of entries of one hash prefix, or a node below

    private Item<V> entry(String name) {
        int hash = spread(name.hashCode());
        Object[] node = names;
        int shift = 0;
        while (node != null) {
            Object item = node[(hash >>> shift) & MASK];
            if (item instanceof Object[] below) {
                node = below;
                shift += BITS;
            } else {
                for (Chain<V> chain = chained(item); chain != null; chain = chain.next) {
                    if (chain.entry.name.equals(name)) {
                        return chain.entry;
                    }
                }
                return null;
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private static <V> Chain<V> chained(Object item) {
        return (Chain<V>) item;
    }

    /** Puts a name that is not there. */
    private static <V> Object[] putName(Object[] node, int shift, int hash, Item<V> entry, int[] copies) {
        Object[] next = node == null ? new Object[WIDTH] : node.clone();
        copies[0] += WIDTH;
        int at = (hash >>> shift) & MASK;
        Object item = next[at];
        if (item == null) {
            next[at] = new Chain<>(entry, null);
        } else if (item instanceof Object[] below) {
            next[at] = putName(below, shift + BITS, hash, entry, copies);
        } else if (shift >= LAST_SHIFT) {
            next[at] = new Chain<>(entry, chained(item));
        } else {
            // one name there, of another hash further down: a node below holds both
            Chain<V> there = chained(item);
            Object[] below = new Object[WIDTH];
            below[(spread(there.entry.name.hashCode()) >>> (shift + BITS)) & MASK] = there;
            next[at] = putName(below, shift + BITS, hash, entry, copies);
        }
        return next;
    }

    /** Replaces the entry of a name that is there. */
    private static <V> Object[] replaceName(Object[] node, int shift, int hash, Item<V> entry, int[] copies) {
        Object[] next = node.clone();
        copies[0] += WIDTH;
        int at = (hash >>> shift) & MASK;
        if (next[at] instanceof Object[] below) {
            next[at] = replaceName(below, shift + BITS, hash, entry, copies);
        } else {
            next[at] = rechained(chained(next[at]), entry.name, entry, copies);
        }
        return next;
    }

    /** Removes a name that is there; {@return the node, or null once empty} */
    private static Object[] removeName(Object[] node, int shift, int hash, String name, int[] copies) {
        Object[] next = node.clone();
        copies[0] += WIDTH;
        int at = (hash >>> shift) & MASK;
        if (next[at] instanceof Object[] below) {
            next[at] = removeName(below, shift + BITS, hash, name, copies);
        } else {
            next[at] = rechained(chained(next[at]), name, null, copies);
        }
        for (Object item : next) {
            if (item != null) {
                return next;
            }
        }
        return null;
    }

    /** {@return the chain with the name's entry replaced, or left out when {@code entry} is null} */
    private static <V> Chain<V> rechained(Chain<V> chain, String name, Item<V> entry, int[] copies) {
        if (chain == null) {
            return null;
        }
        copies[0]++;
        if (chain.entry.name.equals(name)) {
            return entry == null ? chain.next : new Chain<>(entry, chain.next);
        }
        return new Chain<>(chain.entry, rechained(chain.next, name, entry, copies));
    }

    private static int spread(int hash) {
        return hash ^ (hash >>> 16);
    }

    // --- the slot trie

    /** {@return the node with the slot set (null: emptied)} */
    private static Slots setSlot(Slots node, int shift, int slot, Item<?> entry, int[] copies) {
        Object[] children = node == null ? new Object[WIDTH] : node.children.clone();
        copies[0] += WIDTH;
        int at = (slot >>> shift) & MASK;
        int before;
        int after;
        if (shift == 0) {
            before = children[at] == null ? 0 : 1;
            children[at] = entry;
            after = entry == null ? 0 : 1;
        } else {
            Slots child = (Slots) children[at];
            before = child == null ? 0 : child.live;
            Slots next = setSlot(child, shift - BITS, slot, entry, copies);
            after = next.live;
            children[at] = next.live == 0 ? null : next;
        }
        return new Slots(children, (node == null ? 0 : node.live) - before + after);
    }

    @SuppressWarnings("unchecked")
    private Item<V> at(int index) {
        Slots node = root;
        int left = index;
        for (int shift = rootShift; shift > 0; shift -= BITS) {
            for (Object child : node.children) {
                int live = child == null ? 0 : ((Slots) child).live;
                if (left < live) {
                    node = (Slots) child;
                    break;
                }
                left -= live;
            }
        }
        for (Object child : node.children) {
            if (child != null && left-- == 0) {
                return (Item<V>) child;
            }
        }
        throw new IllegalStateException("the slot trie's counts disagree with its entries");
    }

    private Iterable<Item<V>> entries() {
        return EntryIterator::new;
    }

    /** Walks the slot trie depth first, skipping empty slots. */
    private final class EntryIterator implements Iterator<Item<V>> {
        private final Object[][] path = new Object[rootShift / BITS + 1][];
        private final int[] at = new int[path.length];
        private int depth;
        private Item<V> next;

        EntryIterator() {
            if (root != null) {
                path[0] = root.children;
                advance();
            }
        }

        @SuppressWarnings("unchecked")
        private void advance() {
            next = null;
            while (depth >= 0) {
                if (at[depth] == WIDTH) {
                    depth--;
                    if (depth >= 0) {
                        at[depth]++;
                    }
                    continue;
                }
                Object child = path[depth][at[depth]];
                if (child == null) {
                    at[depth]++;
                } else if (depth == path.length - 1) {
                    next = (Item<V>) child;
                    at[depth]++;
                    return;
                } else {
                    depth++;
                    path[depth] = ((Slots) child).children;
                    at[depth] = 0;
                }
            }
        }

        @Override
        public boolean hasNext() {
            return next != null;
        }

        @Override
        public Item<V> next() {
            if (next == null) {
                throw new NoSuchElementException();
            }
            Item<V> current = next;
            advance();
            return current;
        }
    }

    private record Slots(Object[] children, int live) {}

    private record Item<V>(String name, V value, int slot) implements Map.Entry<String, V> {
        @Override
        public String getKey() {
            return name;
        }

        @Override
        public V getValue() {
            return value;
        }

        @Override
        public V setValue(V value) {
            throw new UnsupportedOperationException("a configuration is immutable");
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Map.Entry<?, ?> that && name.equals(that.getKey()) && value.equals(that.getValue());
        }

        @Override
        public int hashCode() {
            return name.hashCode() ^ value.hashCode();
        }
    }

    private record Chain<V>(Item<V> entry, Chain<V> next) {}

    /**
     * The values of a map in order: an immutable list, kept as it is by the configuration searches read.
     *
     * @param <V> the values
     */
    public static final class Values<V> extends AbstractList<V> {
        private final ConfigMap<V> map;

        private Values(ConfigMap<V> map) {
            this.map = map;
        }

        @Override
        public V get(int index) {
            if (index < 0 || index >= map.size()) {
                throw new IndexOutOfBoundsException(index);
            }
            return map.at(index).value;
        }

        @Override
        public int size() {
            return map.size();
        }

        /**
         * {@return the value of the name, or {@code null}: a look-up by the name's hash, not a walk of the list}
         *
         * @param name a name
         */
        public V byName(String name) {
            return map.get(name);
        }

        @Override
        public Iterator<V> iterator() {
            Iterator<Item<V>> entries = map.entries().iterator();
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return entries.hasNext();
                }

                @Override
                public V next() {
                    return entries.next().value;
                }
            };
        }
    }

    private static final class AsMap<V> extends AbstractMap<String, V> {
        private final ConfigMap<V> map;

        AsMap(ConfigMap<V> map) {
            this.map = map;
        }

        @Override
        public V get(Object key) {
            return key instanceof String name ? map.get(name) : null;
        }

        @Override
        public boolean containsKey(Object key) {
            return get(key) != null;
        }

        @Override
        public int size() {
            return map.size();
        }

        @Override
        public Set<Map.Entry<String, V>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Map.Entry<String, V>> iterator() {
                    Iterator<Item<V>> entries = map.entries().iterator();
                    return new Iterator<>() {
                        @Override
                        public boolean hasNext() {
                            return entries.hasNext();
                        }

                        @Override
                        public Map.Entry<String, V> next() {
                            return entries.next();
                        }
                    };
                }

                @Override
                public int size() {
                    return map.size();
                }
            };
        }
    }
}
