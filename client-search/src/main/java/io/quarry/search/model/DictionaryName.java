package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonValue;

/** The customisable dictionaries. */
public enum DictionaryName {
    /** Stop words. */
    STOPWORDS("stopwords"),
    /** Plurals. */
    PLURALS("plurals"),
    /** Compounds. */
    COMPOUNDS("compounds");

    private final String wireName;

    DictionaryName(String wireName) {
        this.wireName = wireName;
    }

    /** {@return the name in paths} */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** Returns the wire name, so the enum can be used as a path parameter. */
    @Override
    public String toString() {
        return wireName;
    }
}
