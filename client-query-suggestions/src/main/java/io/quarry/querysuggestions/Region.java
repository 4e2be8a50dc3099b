package io.quarry.querysuggestions;

/**
 * The region whose host serves the query-suggestions API: the region where the application's analytics data is
 * stored.
 */
public enum Region {
    /** The United States: {@code query-suggestions.us.<product domain>}. */
    US("us"),
    /** Europe: {@code query-suggestions.eu.<product domain>}. */
    EU("eu");

    private final String code;

    Region(String code) {
        this.code = code;
    }

    /**
     * The region's label in host names.
     *
     * @return {@code us} or {@code eu}
     */
    public String code() {
        return code;
    }
}
