package io.quarry.mockserver.internal.http;

/**
 * What a route asks of the caller's credentials; checked once, before any handler runs. Most API routes need one
 * right ({@code acl} entry); the admin key holds every right.
 */
public enum Access {
    /** Search an index ({@code search}). */
    SEARCH("search"),
    /** Browse an index ({@code browse}). */
    BROWSE("browse"),
    /** Add or update records, copy or move an index ({@code addObject}). */
    ADD_OBJECT("addObject"),
    /** Delete records ({@code deleteObject}). */
    DELETE_OBJECT("deleteObject"),
    /** Delete or clear an index ({@code deleteIndex}). */
    DELETE_INDEX("deleteIndex"),
    /** Read settings, synonyms, rules and dictionaries ({@code settings}). */
    SETTINGS("settings"),
    /** Change settings, synonyms, rules and dictionaries ({@code editSettings}). */
    EDIT_SETTINGS("editSettings"),
    /** List indices ({@code listIndexes}). */
    LIST_INDEXES("listIndexes"),
    /** Read the logs ({@code logs}). */
    LOGS("logs"),
    /** Any valid key; the handler checks the rights its content needs (batches). */
    PER_OPERATION(null),
    /** Any valid key (task status). */
    ANY_KEY(null),
    /** The admin key and application ID only (key management, cluster mapping). */
    ADMIN(null),
    /** The mock server's own control endpoints: the admin key alone, no application ID. */
    CONTROL(null);

    private final String acl;

    Access(String acl) {
        this.acl = acl;
    }

    /** @return the {@code acl} entry a key needs, or {@code null} when no single right decides */
    public String acl() {
        return acl;
    }
}
