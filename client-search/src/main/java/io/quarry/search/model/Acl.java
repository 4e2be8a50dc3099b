package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;

/**
 * One right an API key grants. The constants name the rights the service documents; {@link #of(String)} takes
 * any other name too, so a right the service adds later still reads and writes unchanged.
 *
 * @param name the right's name on the wire, such as {@code search}
 */
public record Acl(String name) {

    /** Search an index, and read records. */
    public static final Acl SEARCH = new Acl("search");
    /** Browse an index. */
    public static final Acl BROWSE = new Acl("browse");
    /** Add or update records, copy or move an index. */
    public static final Acl ADD_OBJECT = new Acl("addObject");
    /** Delete records. */
    public static final Acl DELETE_OBJECT = new Acl("deleteObject");
    /** Delete or clear an index. */
    public static final Acl DELETE_INDEX = new Acl("deleteIndex");
    /** Read settings, synonyms, rules and dictionaries. */
    public static final Acl SETTINGS = new Acl("settings");
    /** Change settings, synonyms, rules and dictionaries. */
    public static final Acl EDIT_SETTINGS = new Acl("editSettings");
    /** Use the analytics API. */
    public static final Acl ANALYTICS = new Acl("analytics");
    /** Use the personalization API (profiles and strategy). */
    public static final Acl RECOMMENDATION = new Acl("recommendation");
    /** List the indices. */
    public static final Acl LIST_INDEXES = new Acl("listIndexes");
    /** Read the logs. */
    public static final Acl LOGS = new Acl("logs");
    /** Ask the answers API. */
    public static final Acl NLU_READ_ANSWERS = new Acl("nluReadAnswers");
    /** Receive the attributes an index marks unretrievable. */
    public static final Acl SEE_UNRETRIEVABLE_ATTRIBUTES = new Acl("seeUnretrievableAttributes");

    /**
     * Checks the name.
     *
     * @param name the right's name on the wire
     */
    public Acl {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a right's name must not be blank");
        }
    }

    /**
     * A right by its name on the wire, known or not.
     *
     * @param name the name, such as {@code search}
     * @return the right
     */
    @JsonCreator
    public static Acl of(String name) {
        return new Acl(name);
    }

    /** @return the name on the wire */
    @JsonValue
    @Override
    public String name() {
        return name;
    }

    /** @return the name on the wire */
    @Override
    public String toString() {
        return name;
    }
}
