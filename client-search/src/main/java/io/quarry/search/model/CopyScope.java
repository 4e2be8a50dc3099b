package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonValue;

/** What a copy operation limited by scope copies (records are then not copied). */
public enum CopyScope {
    /** The settings. */
    SETTINGS("settings"),
    /** The synonyms. */
    SYNONYMS("synonyms"),
    /** The rules. */
    RULES("rules");

    private final String wireName;

    CopyScope(String wireName) {
        this.wireName = wireName;
    }

    /** {@return the name the service uses} */
    @JsonValue
    public String wireName() {
        return wireName;
    }
}
