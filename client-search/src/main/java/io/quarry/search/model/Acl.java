package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.NamedValue;
import io.quarry.core.spi.KnownNames;

/**
 * One right an API key grants. The constants name the rights the service documents; {@link #of(String)} takes
 * any other name too, so a right the service adds later still reads and writes unchanged.
 */
public final class Acl extends NamedValue {

    private static final KnownNames<Acl> KNOWN = new KnownNames<>(Acl::new);

    /** Search an index, and read records. */
    public static final Acl SEARCH = KNOWN.add("search");
    /** Browse an index. */
    public static final Acl BROWSE = KNOWN.add("browse");
    /** Add or update records, copy or move an index. */
    public static final Acl ADD_OBJECT = KNOWN.add("addObject");
    /** Delete records. */
    public static final Acl DELETE_OBJECT = KNOWN.add("deleteObject");
    /** Delete or clear an index. */
    public static final Acl DELETE_INDEX = KNOWN.add("deleteIndex");
    /** Read settings, synonyms, rules and dictionaries. */
    public static final Acl SETTINGS = KNOWN.add("settings");
    /** Change settings, synonyms, rules and dictionaries. */
    public static final Acl EDIT_SETTINGS = KNOWN.add("editSettings");
    /** Use the analytics API. */
    public static final Acl ANALYTICS = KNOWN.add("analytics");
    /** Use the personalization API (profiles and strategy). */
    public static final Acl RECOMMENDATION = KNOWN.add("recommendation");
    /** List the indices. */
    public static final Acl LIST_INDEXES = KNOWN.add("listIndexes");
    /** Read the logs. */
    public static final Acl LOGS = KNOWN.add("logs");
    /** Ask the answers API. */
    public static final Acl NLU_READ_ANSWERS = KNOWN.add("nluReadAnswers");
    /** Receive the attributes an index marks unretrievable. */
    public static final Acl SEE_UNRETRIEVABLE_ATTRIBUTES = KNOWN.add("seeUnretrievableAttributes");

    private Acl(String name) {
        super(name);
        if (name.isBlank()) {
            throw new IllegalArgumentException("a right's name must not be blank");
        }
    }

    /**
     * A right by its name on the wire, known or not.
     *
     * @param name the name, such as {@code search}
     * @return the right
     * @throws IllegalArgumentException if the name is blank
     */
    @JsonCreator
    public static Acl of(String name) {
        return KNOWN.of(name);
    }
}
