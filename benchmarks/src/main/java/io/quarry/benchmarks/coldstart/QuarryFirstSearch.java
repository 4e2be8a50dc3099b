package io.quarry.benchmarks.coldstart;

import io.quarry.benchmarks.data.Product;
import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.search.SearchClient;
import io.quarry.search.model.Hit;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import java.util.List;

/**
 * The child program of a Quarry run: creates a {@link SearchClient} for the canned server, searches once with
 * hits typed as {@link Product}, prints the timings ({@link FirstSearch#report}) and exits. A second argument adds
 * an https fallback host that is never called, so that the client sets up TLS as it does for the service.
 */
public final class QuarryFirstSearch {

    private QuarryFirstSearch() {}

    /**
     * Runs once.
     *
     * @param args the canned server's URL, and optionally an https fallback host's URL
     */
    public static void main(String[] args) {
        long mainAt = System.currentTimeMillis();
        long start = System.nanoTime();
        // with an https fallback (never called: the first host answers) the client sets up TLS, as one of the
        // service's https hosts does; with plain http hosts alone it skips that
        SearchClient client = SearchClient.create(ClientConfig.builder(FirstSearch.APP_ID, FirstSearch.API_KEY)
                .hosts(args.length > 1 ? List.of(Host.of(args[0]), Host.of(args[1])) : List.of(Host.of(args[0])))
                .build());
        long created = System.nanoTime();
        SearchResponse<Product> response = client.index(FirstSearch.INDEX)
                .search(SearchQuery.of(FirstSearch.QUERY).hitsPerPage(FirstSearch.HITS), Product.class);
        int named = 0;
        for (Hit<Product> hit : response.hits()) {
            named += hit.record().name() == null ? 0 : 1;
        }
        long answered = System.nanoTime();
        FirstSearch.report(mainAt, start, created, answered, named);
        client.close();
        System.exit(0);
    }
}
