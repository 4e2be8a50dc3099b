package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Kinds of synonym. The service accepts, and reads back as saved, two spellings of three of them:
 * {@code onewaysynonym} or {@code oneWaySynonym}, {@code altcorrection1} or {@code altCorrection1},
 * {@code altcorrection2} or {@code altCorrection2}; both read as the same constant, and the SDK sends the lowercase
 * one. A kind this SDK does not know reads as {@code null}.
 */
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

    /** {@return the name the service uses} */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /**
     * Reads a synonym type in either spelling the service accepts, ignoring case.
     *
     * @param name the type as received, such as {@code oneWaySynonym} or {@code onewaysynonym}; null when absent
     * @return the type, or {@code null} for a name this SDK does not know or none
     */
    @JsonCreator
    public static SynonymType fromWireName(String name) {
        if (name == null) {
            return null;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        for (SynonymType type : values()) {
            if (type.wireName.equals(lower)) {
                return type;
            }
        }
        return null;
    }
}
