package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.index.RecordBudget;

/**
 * A crawl's record did not fit the application's record quota (the mock server's budget of stored records): the
 * crawl stops there, since the records after it would not fit either. Its URL statistics say so with
 * {@value #REASON}: the page whose record was refused FAILED, the URLs still queued SKIPPED.
 */
final class RecordQuotaReached extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The reason code of the URL statistics. */
    static final String REASON = "record_quota_exceeded";

    private RecordQuotaReached(String message) {
        super(message, null, false, false);
    }

    /**
     * {@return the crawl's own failure when a write was refused over the record quota, else {@code null}}
     *
     * @param refused what a write threw
     */
    static RecordQuotaReached of(EngineException refused) {
        String message = refused.getMessage();
        return refused.status() == 403 && message != null && message.startsWith(RecordBudget.QUOTA_EXCEEDED)
                ? new RecordQuotaReached(message)
                : null;
    }
}
