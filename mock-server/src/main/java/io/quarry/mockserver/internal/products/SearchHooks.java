package io.quarry.mockserver.internal.products;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where other products take part in a search, as the service's features do (personalization re-ranks the searches
 * of users it has a profile for). Products add their rewriter when they register; the search product applies every
 * rewriter, in order, to each search request before the engine runs it.
 */
public final class SearchHooks {

    /** Changes a search request before it runs. */
    @FunctionalInterface
    public interface Rewriter {

        /**
         * {@return the request to run: {@code request} itself when nothing changes, or a changed copy}
         *
         * @param indexName the index searched
         * @param effectiveParameters the request's parameters as the engine reads them (read-only)
         * @param request the request body
         */
        ObjectNode rewrite(String indexName, ObjectNode effectiveParameters, ObjectNode request);
    }

    private final List<Rewriter> rewriters = new CopyOnWriteArrayList<>();

    /** @param rewriter a rewriter applied to every later search */
    public void add(Rewriter rewriter) {
        rewriters.add(rewriter);
    }

    /**
     * {@return the request after every rewriter}
     *
     * @param indexName the index searched
     * @param effectiveParameters the request's parameters as the engine reads them
     * @param request the request body
     */
    public ObjectNode apply(String indexName, ObjectNode effectiveParameters, ObjectNode request) {
        ObjectNode current = request;
        for (Rewriter rewriter : rewriters) {
            current = rewriter.rewrite(indexName, effectiveParameters, current);
        }
        return current;
    }
}
