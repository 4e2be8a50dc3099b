package io.quarry.search.model;

import java.util.Map;
import java.util.Objects;

/**
 * One operation of a dictionary batch.
 *
 * @param action {@code addEntry} or {@code deleteEntry}
 * @param body   the entry, or {@code {objectID}}
 */
public record DictionaryOperation(String action, Object body) {

    /**
     * Checks the components, which {@link #add(DictionaryEntry)} and {@link #delete(String)} always set.
     *
     * @param action see the record description
     * @param body see the record description
     * @throws NullPointerException naming {@code action} or {@code body}, whichever is null
     */
    public DictionaryOperation {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(body, "body");
    }

    /**
     * Adds (or replaces) an entry.
     *
     * @param entry the entry
     * @return the operation
     * @throws NullPointerException naming {@code entry} if it is null
     */
    public static DictionaryOperation add(DictionaryEntry entry) {
        return new DictionaryOperation("addEntry", Objects.requireNonNull(entry, "entry"));
    }

    /**
     * Deletes an entry.
     *
     * @param objectID the entry
     * @return the operation
     * @throws NullPointerException naming {@code objectID} if it is null
     */
    public static DictionaryOperation delete(String objectID) {
        return new DictionaryOperation("deleteEntry", Map.of("objectID", Objects.requireNonNull(objectID, "objectID")));
    }
}
