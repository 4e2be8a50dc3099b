package io.quarry.mockserver.engine;

import tools.jackson.databind.node.ObjectNode;

/** The write view of an {@link IndexData} inside {@link IndexData#write}; valid only during that call. */
public interface RecordWriter {

    /**
     * {@return the current record (do not mutate it; copy first), or {@code null} when absent}
     *
     * @param objectID the record's ID
     */
    ObjectNode get(String objectID);

    /**
     * Adds or replaces a record.
     *
     * @param record the whole record; it must hold a string {@code objectID}
     */
    void put(ObjectNode record);

    /**
     * {@return whether a record was removed}
     *
     * @param objectID the record's ID
     */
    boolean remove(String objectID);

    /** Removes every record. */
    void clear();
}
