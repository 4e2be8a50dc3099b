package io.quarry.search.model;

/**
 * Which log entries to read.
 *
 * @param offset    first entry, or null (0)
 * @param length    number of entries, or null (10, at most 1000)
 * @param indexName only this index, or null
 * @param type      {@code all}, {@code query}, {@code build} or {@code error}, or null
 */
public record LogsQuery(Integer offset, Integer length, String indexName, String type) {

    /** {@return the default query (latest 10 entries)} */
    public static LogsQuery of() {
        return new LogsQuery(null, null, null, null);
    }

    /**
     * Sets {@code offset}: first entry.
     *
     * @param n first entry
     * @return a copy
     */
    public LogsQuery offset(int n) {
        return new LogsQuery(n, length, indexName, type);
    }

    /**
     * Sets {@code length}: number of entries.
     *
     * @param n number of entries
     * @return a copy
     */
    public LogsQuery length(int n) {
        return new LogsQuery(offset, n, indexName, type);
    }

    /**
     * Sets {@code indexName}: the index.
     *
     * @param name the index
     * @return a copy
     */
    public LogsQuery indexName(String name) {
        return new LogsQuery(offset, length, name, type);
    }

    /**
     * Sets {@code type}: the type.
     *
     * @param t the type
     * @return a copy
     */
    public LogsQuery type(String t) {
        return new LogsQuery(offset, length, indexName, t);
    }
}
