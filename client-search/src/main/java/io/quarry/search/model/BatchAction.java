package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonValue;

/** The action of one batch operation. */
public enum BatchAction {
    /** Add a record (objectID assigned by the service if absent). */
    ADD_OBJECT("addObject"),
    /** Replace a record (objectID required). */
    UPDATE_OBJECT("updateObject"),
    /** Update some attributes, creating the record if absent (objectID required). */
    PARTIAL_UPDATE_OBJECT("partialUpdateObject"),
    /** Update some attributes, never creating the record (objectID required). */
    PARTIAL_UPDATE_OBJECT_NO_CREATE("partialUpdateObjectNoCreate"),
    /** Delete a record (objectID required). */
    DELETE_OBJECT("deleteObject"),
    /** Delete the index. */
    DELETE("delete"),
    /** Empty the index, keeping settings and index-specific keys. */
    CLEAR("clear");

    private final String wireName;

    BatchAction(String wireName) {
        this.wireName = wireName;
    }

    /** {@return the name the service uses} */
    @JsonValue
    public String wireName() {
        return wireName;
    }
}
