package io.quarry.mockserver.internal.products.crawler;

import java.util.HashSet;
import java.util.Set;

/**
 * The URLs one crawl has met, so that each is handled once: at most {@value #MAX_URLS} of them and
 * {@value #MAX_CHARACTERS} characters in all, its start points aside. A count alone let 100,000 links of 8 KB each
 * hold more than a gigabyte.
 */
final class KnownUrls {

    static final int MAX_URLS = 100_000;
    static final long MAX_CHARACTERS = 20_000_000;

    private final Set<String> urls = new HashSet<>();
    private long characters;

    /**
     * Knows a start point, however many are known: the start points are bounded apart.
     *
     * @return whether it was new
     */
    boolean addStart(String url) {
        return add(url, true);
    }

    /**
     * Knows a URL found while crawling, if there is room.
     *
     * @return whether it was new and fits; a URL that does not fit is never handled (neither followed nor counted)
     */
    boolean addFound(String url) {
        return add(url, false);
    }

    private boolean add(String url, boolean anyway) {
        if (!anyway && (urls.size() >= MAX_URLS || characters + url.length() > MAX_CHARACTERS)) {
            return false;
        }
        if (!urls.add(url)) {
            return false;
        }
        characters += url.length();
        return true;
    }
}
