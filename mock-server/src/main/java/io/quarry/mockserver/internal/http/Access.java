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
    /** The admin key and application ID only (key management). */
    ADMIN(null),
    /**
     * The admin key and application ID only, assigning users to clusters: the user-ID header names the user being
     * mapped, who need not be assigned yet.
     */
    USER_MAPPING(null),
    /** Read analytics ({@code analytics}). */
    ANALYTICS("analytics"),
    /** Send events: a key with {@code search}; a refusal is a 401, as the events API answers. */
    INSIGHTS("search", 401),
    /** Read and change personalization profiles and strategy ({@code recommendation}); refusals are 401s. */
    RECOMMENDATION("recommendation", 401),
    /** Ask for answers ({@code nluReadAnswers}); refusals are 401s. */
    ANSWERS("nluReadAnswers", 401),
    /** Query-suggestions configurations: the admin key and application ID; refusals are 401s. */
    SUGGESTIONS(null, 401),
    /** No credentials at all (the public monitoring endpoints). */
    PUBLIC(null),
    /** The application ID and the monitoring key (or the admin key). */
    MONITORING_KEY(null),
    /** The application ID and the usage key (or the admin key). */
    USAGE_KEY(null),
    /** HTTP basic authentication with the crawler user ID and crawler API key; a missing or wrong one is a 401. */
    CRAWLER(null, 401),
    /** The mock server's own control endpoints: the admin key alone, no application ID. */
    CONTROL(null);

    private final String acl;
    private final int deniedStatus;

    Access(String acl) {
        this(acl, 403);
    }

    Access(String acl, int deniedStatus) {
        this.acl = acl;
        this.deniedStatus = deniedStatus;
    }

    /** {@return the status of a refusal: 403 for the search-style APIs, 401 where the product answers so} */
    public int deniedStatus() {
        return deniedStatus;
    }

    /** {@return the {@code acl} entry a key needs, or {@code null} when no single right decides} */
    public String acl() {
        return acl;
    }
}
