package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.internal.http.ApiException;

/**
 * What the URL patterns of one configuration may cost to match. A crawl matches each URL it finds against every
 * pattern of {@code exclusionPatterns}, of each action's {@code pathsToMatch} and, for each query parameter, of
 * {@code ignoreQueryParams}; a pattern costs at most the URL's length times its {@link Glob#wildcardPart()}. So the
 * wildcard parts of a configuration's patterns add up to at most {@value #MAX_WILDCARD_CHARACTERS} characters: a URL
 * check then costs at most about {@value HttpUrls#MAX_LENGTH} times that many steps, under a second. Patterns as
 * written stay far below it (a {@code **} at the end counts 2); 1,000 patterns of 2,048 characters opening with
 * {@code **} took half a minute a URL.
 */
final class PatternBudget {

    /** Most characters from the first {@code *} or <code>{</code> of each URL pattern, added up, in a configuration. */
    static final int MAX_WILDCARD_CHARACTERS = 4096;

    private int spent;

    /**
     * Counts a pattern.
     *
     * @param glob the pattern
     * @param where the member holding it, for the message
     * @throws ApiException 400 naming the member and the limit when the configuration's patterns pass it
     */
    void add(Glob glob, String where) {
        spent += glob.wildcardPart();
        if (spent > MAX_WILDCARD_CHARACTERS) {
            throw ApiException.badRequest(where + ": the URL patterns of a configuration (exclusionPatterns,"
                    + " ignoreQueryParams and every action's pathsToMatch) may hold at most "
                    + MAX_WILDCARD_CHARACTERS + " characters in all from the first * or { of each pattern on;"
                    + " this member's patterns pass that");
        }
    }
}
