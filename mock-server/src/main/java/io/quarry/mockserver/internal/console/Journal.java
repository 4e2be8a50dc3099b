package io.quarry.mockserver.internal.console;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * The last {@value #CAPACITY} answers, in a ring: the oldest is dropped when a new one comes. Each entry holds at
 * most {@value #PATH_CHARS} characters of path and {@value #BODY_CHARS} of each body, so the journal holds at most
 * about 5 MB however large the traffic (ASCII text takes a byte a character).
 */
final class Journal {

    /** How many answers are kept. */
    static final int CAPACITY = 1_000;
    /** The most characters kept of a path with its query. */
    static final int PATH_CHARS = 500;
    /** The most characters kept of each body. */
    static final int BODY_CHARS = 2_000;

    private final JournalEntry[] ring;
    private final AtomicLong numbers = new AtomicLong();
    private long last;

    Journal() {
        this(CAPACITY);
    }

    /** @param capacity how many answers are kept */
    Journal(int capacity) {
        this.ring = new JournalEntry[capacity];
    }

    /** {@return a number for an entry about to be added: each number once, increasing} */
    long number() {
        return numbers.incrementAndGet();
    }

    /**
     * Keeps an entry, dropping the oldest when full. Entries numbered close together may come in either order.
     *
     * @param entry an entry numbered by {@link #number()}
     */
    synchronized void add(JournalEntry entry) {
        last = Math.max(last, entry.seq());
        ring[slot(entry.seq())] = entry;
    }

    private int slot(long seq) {
        return (int) (seq % ring.length);
    }

    /**
     * {@return the entries kept that pass the filter, newest first}
     *
     * @param filter which entries
     * @param limit the most to return
     */
    synchronized List<JournalEntry> newestFirst(Predicate<JournalEntry> filter, int limit) {
        List<JournalEntry> found = new ArrayList<>();
        long oldest = Math.max(1, last - ring.length + 1);
        for (long seq = last; seq >= oldest && found.size() < limit; seq--) {
            JournalEntry entry = ring[slot(seq)];
            if (entry != null && entry.seq() == seq && filter.test(entry)) {
                found.add(entry);
            }
        }
        return found;
    }

    /**
     * {@return the entry, or {@code null} once it has been dropped}
     *
     * @param seq its number
     */
    synchronized JournalEntry find(long seq) {
        JournalEntry entry = seq < 1 ? null : ring[slot(seq)];
        return entry != null && entry.seq() == seq ? entry : null;
    }

    /** {@return how many entries are kept} */
    synchronized int size() {
        return (int) Math.min(last, ring.length);
    }

    /** {@return how many entries the journal can hold} */
    int capacity() {
        return ring.length;
    }
}
