package io.quarry.mockserver.engine;

import tools.jackson.databind.node.ObjectNode;

/** The write view of an {@link IndexData} inside {@link IndexData#write}; valid only during that call. */
public interface RecordWriter {

    /**
     * @param objectID the record's ID
     * @return the current record (do not mutate it; copy first), or {@code null} when absent
     */
    ObjectNode get(String objectID);

    /**
     * Adds or replaces a record.
     *
     * @param record the whole record; it must hold a string {@code objectID}
     */
    void put(ObjectNode record);

    /**
     * @param objectID the record's ID
     * @return whether a record was removed
     */
    boolean remove(String objectID);

    /** Removes every record. */
    void clear();
}
