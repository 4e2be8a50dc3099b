package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonValue;

/** Kinds of synonym. */
public enum SynonymType {
    /** Words equivalent to each other. */
    SYNONYM("synonym"),
    /** An input word matching other words, not the reverse. */
    ONE_WAY_SYNONYM("onewaysynonym"),
    /** A correction counted as one typo. */
    ALT_CORRECTION_1("altcorrection1"),
    /** A correction counted as two typos. */
    ALT_CORRECTION_2("altcorrection2"),
    /** A placeholder token standing for replacements. */
    PLACEHOLDER("placeholder");

    private final String wireName;

    SynonymType(String wireName) {
        this.wireName = wireName;
    }

    /** @return the name the service uses */
    @JsonValue
    public String wireName() {
        return wireName;
    }
}
