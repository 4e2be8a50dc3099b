package io.quarry.crawler.model;

/** Whether crawling given URLs also adds them to the configuration's {@code extraUrls} (crawled by every reindex). */
public enum ExtraUrls {
    /** The service decides: the URLs the last reindex did not index are added ({@code save} not sent). */
    UNLESS_INDEXED_BY_LAST_REINDEX,
    /** Every URL is added ({@code save: true}). */
    SAVE,
    /** None is added ({@code save: false}). */
    DO_NOT_SAVE
}
