package io.quarry.mockserver.internal.state;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** The last {@value #CAPACITY} API requests, newest first, as {@code GET /1/logs} entries (keys already redacted). */
public final class RequestLog {

    /** How many entries are kept. */
    public static final int CAPACITY = 1000;

    /**
     * One logged request.
     *
     * @param body the entry as {@code GET /1/logs} shows it
     * @param indexName the index named in the path, or {@code null}
     * @param query whether it was a search operation (search, multi-search, facet search, browse)
     * @param build whether it was a write
     * @param error whether it failed (4xx or 5xx)
     */
    public record Entry(ObjectNode body, String indexName, boolean query, boolean build, boolean error) {}

    private final Deque<Entry> entries = new ArrayDeque<>();

    /** @param entry a log entry, added as the newest */
    public synchronized void add(Entry entry) {
        entries.addFirst(entry);
        if (entries.size() > CAPACITY) {
            entries.removeLast();
        }
    }

    /** {@return the entries, newest first} */
    public synchronized List<Entry> newestFirst() {
        return new ArrayList<>(entries);
    }

    /** Forgets every entry. */
    public synchronized void clear() {
        entries.clear();
    }
}
