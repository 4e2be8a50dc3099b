package io.quarry.benchmarks.coldstart;

import io.quarry.benchmarks.data.Product;
import io.quarry.benchmarks.raw.RawClient;
import io.quarry.benchmarks.raw.RawSearchResponse;
import io.quarry.core.Credentials;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The child program of a raw run: the same search as {@link QuarryFirstSearch} through {@link RawClient} (OkHttp
 * and Jackson by hand, the SDK's headers), hits typed as {@link Product}; prints the timings and exits.
 */
public final class RawFirstSearch {

    private RawFirstSearch() {}

    /**
     * Runs once.
     *
     * @param args the canned server's URL
     */
    public static void main(String[] args) {
        long mainAt = System.currentTimeMillis();
        long start = System.nanoTime();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Accept", "application/json");
        headers.put("User-Agent", "Quarry for Java (1.0.0-SNAPSHOT); Search (1.0.0-SNAPSHOT); JVM (17)");
        headers.put(Credentials.APPLICATION_ID_HEADER, FirstSearch.APP_ID);
        headers.put(Credentials.API_KEY_HEADER, FirstSearch.API_KEY);
        RawClient client = new RawClient(args[0], headers);
        long created = System.nanoTime();
        RawSearchResponse response =
                client.search(FirstSearch.INDEX, Map.of("query", FirstSearch.QUERY, "hitsPerPage", FirstSearch.HITS));
        int named = 0;
        for (Product hit : response.hits()) {
            named += hit.name() == null ? 0 : 1;
        }
        long answered = System.nanoTime();
        FirstSearch.report(mainAt, start, created, answered, named);
        client.close();
        System.exit(0);
    }
}
