package io.quarry.crawler.model;

import java.util.Objects;
import java.util.Optional;

/**
 * Which crawlers to list and how many per page. Immutable, and equal to a query with the same members; the defaults
 * are 20 per page from page 1, no filter. A filter given null is removed, as in the defaults: the list then holds
 * crawlers of any name or application.
 */
public final class CrawlerListQuery {

    private static final CrawlerListQuery DEFAULTS = new CrawlerListQuery(20, 1, null, null);

    private final int itemsPerPage;
    private final int page;
    private final String name;
    private final String appId;

    private CrawlerListQuery(int itemsPerPage, int page, String name, String appId) {
        this.itemsPerPage = itemsPerPage;
        this.page = page;
        this.name = name;
        this.appId = appId;
    }

    /** {@return the defaults} */
    public static CrawlerListQuery of() {
        return DEFAULTS;
    }

    /**
     * {@return a new query}
     *
     * @param size crawlers per page, 1 to 100
     * @throws IllegalArgumentException outside 1..100
     */
    public CrawlerListQuery itemsPerPage(int size) {
        if (size < 1 || size > 100) {
            throw new IllegalArgumentException("itemsPerPage must be from 1 to 100");
        }
        return new CrawlerListQuery(size, page, name, appId);
    }

    /**
     * {@return a new query}
     *
     * @param number the page, 1 to 100
     * @throws IllegalArgumentException outside 1..100
     */
    public CrawlerListQuery page(int number) {
        if (number < 1 || number > 100) {
            throw new IllegalArgumentException("page must be from 1 to 100");
        }
        return new CrawlerListQuery(itemsPerPage, number, name, appId);
    }

    /**
     * {@return a new query}
     *
     * @param crawlerName only crawlers of this name; null for crawlers of any name
     */
    public CrawlerListQuery name(String crawlerName) {
        return new CrawlerListQuery(itemsPerPage, page, crawlerName, appId);
    }

    /**
     * {@return a new query}
     *
     * @param applicationId only crawlers writing to this application; null for crawlers of any application
     */
    public CrawlerListQuery appId(String applicationId) {
        return new CrawlerListQuery(itemsPerPage, page, name, applicationId);
    }

    /** {@return crawlers per page} */
    public int itemsPerPage() {
        return itemsPerPage;
    }

    /** {@return the page, from 1} */
    public int page() {
        return page;
    }

    /** {@return the name filter; empty when crawlers of any name are listed} */
    public Optional<String> name() {
        return Optional.ofNullable(name);
    }

    /** {@return the application filter; empty when crawlers of any application are listed} */
    public Optional<String> appId() {
        return Optional.ofNullable(appId);
    }

    /**
     * {@return whether the other object is a query for the same page with the same filters}
     *
     * @param other the object compared
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof CrawlerListQuery query
                && itemsPerPage == query.itemsPerPage
                && page == query.page
                && Objects.equals(name, query.name)
                && Objects.equals(appId, query.appId);
    }

    /** {@return a hash consistent with {@link #equals(Object)}} */
    @Override
    public int hashCode() {
        return Objects.hash(itemsPerPage, page, name, appId);
    }

    /** Shows the page and the filters set. */
    @Override
    public String toString() {
        return "CrawlerListQuery{itemsPerPage=" + itemsPerPage + ", page=" + page
                + (name == null ? "" : ", name=" + name) + (appId == null ? "" : ", appId=" + appId) + "}";
    }
}
