package io.quarry.crawler.model;

import java.util.List;

/**
 * One page of the crawler list.
 *
 * @param items the crawlers of the page
 * @param itemsPerPage the page size
 * @param page the page number, from 1
 * @param total how many crawlers match in all
 */
public record CrawlerListPage(List<CrawlerSummary> items, int itemsPerPage, int page, int total) {

    /**
     * Null lists become empty.
     *
     * @param items see the record description
     * @param itemsPerPage see the record description
     * @param page see the record description
     * @param total see the record description
     */
    public CrawlerListPage {
        items = items == null ? List.of() : List.copyOf(items);
    }
}
