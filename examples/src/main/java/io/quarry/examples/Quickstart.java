package io.quarry.examples;

import io.quarry.analytics.AnalyticsClient;
import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.TopSearchWithClickAnalytics;
import io.quarry.core.ClientConfig;
import io.quarry.core.ForbiddenException;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.core.WaitPolicy;
import io.quarry.insights.InsightsClient;
import io.quarry.insights.InsightsUser;
import io.quarry.insights.model.Click;
import io.quarry.mockserver.MockServer;
import io.quarry.search.ApiKeyChange;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.SecuredApiKeyRestrictions;
import io.quarry.search.SecuredApiKeys;
import io.quarry.search.model.Acl;
import io.quarry.search.model.Anchoring;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.Hit;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.Rule;
import io.quarry.search.model.RuleCondition;
import io.quarry.search.model.RuleConsequence;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.search.model.Synonym;
import io.quarry.usage.UsageClient;
import io.quarry.usage.model.Statistic;
import io.quarry.usage.model.UsageRange;
import io.quarry.usage.model.UsageStatistics;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The SDK doing its job end to end, with nothing to set up: it starts the mock server in this process over HTTPS,
 * then, through the real search client, indexes the example catalogue, configures relevance, searches with typos,
 * filters and facets, browses, creates a search-only key and a secured key and shows the restriction enforced, and
 * shows a synonym and a rule changing results. Then it sends click and conversion events for tracked searches
 * through the insights client, reads the resulting click-through and conversion rates from analytics, and reads
 * today's usage counts with the usage key. Run it with {@code ./demo} from the repository root.
 */
public final class Quickstart {

    private static final WaitPolicy QUICK = new WaitPolicy(200, Duration.ofMillis(5), Duration.ofMillis(100), 1.5);

    private final PrintStream out;

    /**
     * A quickstart writing its report to a stream.
     *
     * @param out where the report goes
     */
    public Quickstart(PrintStream out) {
        this.out = out;
    }

    /**
     * Runs the quickstart and prints its report on standard output.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        new Quickstart(System.out).run();
    }

    /** Runs every step against a fresh embedded mock server, which is stopped at the end. */
    public void run() {
        try (MockServer server = MockServer.builder().https().start()) {
            out.println("Mock server listening on " + server.url() + " (HTTPS, throwaway certificate)");
            try (SearchClient client = SearchClient.create(config(server, server.adminKey()))) {
                SearchIndex products = client.index("products");
                index(products);
                configure(products);
                search(products);
                browse(products);
                keys(server, client, products);
                synonymsAndRules(products);
                events(server, products);
            }
            analytics(server);
            usage(server);
        }
        out.println();
        out.println("Done.");
    }

    private void index(SearchIndex products) {
        List<Product> catalogue = Catalogue.products();
        section("Indexing " + catalogue.size() + " products in batches of 500");
        products.saveObjects(
                catalogue,
                BatchOptions.of()
                        .chunkSize(500)
                        .waitingForTasks()
                        .waitPolicy(QUICK)
                        .listener(chunk -> out.printf(
                                Locale.ROOT,
                                "  %,d / %,d records acknowledged%n",
                                chunk.progress().recordsAcknowledged(),
                                catalogue.size())));
    }

    private void configure(SearchIndex products) {
        section("Relevance: searchable attributes, facets, custom ranking");
        var task = products.setSettings(IndexSettings.of()
                .searchableAttributes("name", "brand", "category", "description")
                .attributesForFaceting("brand", "category", "color", "filterOnly(inStock)")
                .customRanking("desc(rating)", "desc(reviews)"));
        products.waitForTask(task.taskID(), QUICK);
        out.println("  settings applied (task " + task.taskID() + ")");
    }

    private void search(SearchIndex products) {
        section("Search with a typo: \"smartphnoe\"");
        show(products.search(SearchQuery.of("smartphnoe").hitsPerPage(3), Product.class));

        section("Filters and facets: \"headphones\" from Sony or Bose under 200 euros, in stock");
        SearchResponse<Product> filtered = products.search(
                SearchQuery.of("headphones")
                        .filters("(brand:Sony OR brand:Bose) AND price < 200 AND inStock:true")
                        .facets("brand", "color")
                        .hitsPerPage(3),
                Product.class);
        show(filtered);
        out.println("  colors: " + filtered.facets().getOrDefault("color", Map.of()));
    }

    private void browse(SearchIndex products) {
        section("Browse every Garmin product (cursor pagination, no ranking)");
        long garmin = products.browseObjects(SearchQuery.of().filters("brand:Garmin"), Product.class).stream()
                .count();
        out.println("  " + garmin + " Garmin products browsed");
    }

    private void keys(MockServer server, SearchClient client, SearchIndex products) {
        section("Keys: a search-only key, and a secured key limited to Apple products for one hour");
        String searchKey = client.apiKeys()
                .add(ApiKey.of(Acl.SEARCH).description("storefront"))
                .key();
        // the key is usable once every server knows it; the parameters sent are compared for an update only
        client.apiKeys().waitForApiKey(searchKey, ApiKeyChange.ADD, null, QUICK);
        String secured = SecuredApiKeys.generate(
                searchKey,
                SecuredApiKeyRestrictions.of()
                        .filters("brand:Apple")
                        .validUntil(Instant.now().plus(Duration.ofHours(1))));
        try (SearchClient browser = SearchClient.create(config(server, secured))) {
            SearchResponse<Product> phones =
                    browser.index("products").search(SearchQuery.of("phone").facets("brand"), Product.class);
            out.println("  with the secured key, \"phone\" finds " + phones.nbHits() + " products, brands: "
                    + phones.facets().getOrDefault("brand", Map.of()).keySet());
            try {
                browser.index("products").saveObject("hack", Map.of("name", "nope"));
                out.println("  UNEXPECTED: the secured key could write");
            } catch (ForbiddenException e) {
                out.println("  writing with it is refused: HTTP " + e.statusCode());
            }
        }
        out.println("  (the admin key sees "
                + products.search(SearchQuery.of("phone"), Product.class).nbHits() + " phones)");
    }

    private void synonymsAndRules(SearchIndex products) {
        section("Synonym: \"telly\" finds televisions");
        out.println("  before: \"telly\" finds " + count(products, "telly") + " products");
        products.waitForTask(
                products.synonyms()
                        .save(Synonym.regular("telly", "telly", "television"))
                        .taskID(),
                QUICK);
        out.println("  after:  \"telly\" finds " + count(products, "telly") + " products");

        section("Rule: the word \"cheap\" leaves the query and becomes a filter on price");
        out.println("  before: \"cheap speaker\" finds " + count(products, "cheap speaker") + " products");
        Rule cheap = Rule.of(
                "cheap",
                RuleCondition.of("cheap", Anchoring.CONTAINS),
                RuleConsequence.params(
                        SearchQuery.of().filters("price < 100").param("query", Map.of("remove", List.of("cheap")))));
        products.waitForTask(products.rules().save(cheap).taskID(), QUICK);
        SearchResponse<Product> ruled =
                products.search(SearchQuery.of("speaker").hitsPerPage(3), Product.class);
        out.println("  plain \"speaker\" finds " + ruled.nbHits() + " products");
        SearchResponse<Product> withRule =
                products.search(SearchQuery.of("cheap speaker").hitsPerPage(3), Product.class);
        out.println("  after:  \"cheap speaker\" finds " + withRule.nbHits() + " products, all under 100 euros");
        show(withRule);
    }

    private void events(MockServer server, SearchIndex products) {
        section("Events: a shopper searches with click analytics, clicks and buys");
        // clickAnalytics makes the search return a queryID, which ties the events below to it.
        SearchQuery headphones =
                SearchQuery.of("headphones").clickAnalytics(true).userToken("shopper-1");
        SearchResponse<Product> first = products.search(headphones, Product.class);
        products.search(headphones, Product.class);
        products.search(SearchQuery.of("smartwatch").clickAnalytics(true).userToken("shopper-1"), Product.class);
        String queryID = first.queryID().orElseThrow();
        String clicked = first.hits().get(1).objectID().orElseThrow();
        try (InsightsClient insights = InsightsClient.create(config(server, server.adminKey()))) {
            InsightsUser shopper = insights.user("shopper-1");
            // The second hit of the first search: the client computes its absolute position from page and size.
            shopper.clickedObjectIDsAfterSearch(
                    "Product Clicked",
                    "products",
                    Click.afterSearch(queryID)
                            .page(first.page())
                            .hitsPerPage(first.hitsPerPage())
                            .hit(1, clicked));
            shopper.convertedObjectIDsAfterSearch("Product Purchased", "products", queryID, List.of(clicked));
        }
        out.println("  3 tracked searches; clicked and bought " + clicked + " (query " + queryID + ")");
    }

    private void analytics(MockServer server) {
        section("Analytics: the searches made with click analytics, with their click and conversion rates");
        try (AnalyticsClient analytics = AnalyticsClient.create(config(server, server.adminKey()))) {
            List<TopSearchWithClickAnalytics> top = analytics
                    .index("products")
                    .topSearchesWithClickAnalytics(AnalyticsQuery.of().limit(50))
                    .searches();
            // Rates are computed over tracked searches only; the others have none.
            for (TopSearchWithClickAnalytics row : top) {
                if (row.trackedSearchCount() > 0) {
                    out.printf(
                            Locale.ROOT,
                            "  %-14s %d searches, %d tracked  CTR %s  conversion rate %s%n",
                            "\"" + row.search() + "\"",
                            row.count(),
                            row.trackedSearchCount(),
                            percent(row.clickThroughRate()),
                            percent(row.conversionRate()));
                }
            }
        }
    }

    private void usage(MockServer server) {
        section("Usage today (read with the usage key)");
        List<Statistic> wanted =
                List.of(Statistic.TOTAL_SEARCH_REQUESTS, Statistic.TOTAL_WRITE_OPERATIONS, Statistic.RECORDS);
        try (UsageClient usage = UsageClient.create(config(server, server.usageKey()))) {
            UsageStatistics today = usage.statistics(wanted, UsageRange.today());
            for (Statistic statistic : wanted) {
                out.printf(Locale.ROOT, "  %-24s %,d%n", statistic.name(), today.total(statistic));
            }
        }
    }

    /** A rate as a percentage; analytics leaves it null when no search was tracked. */
    private static String percent(Double rate) {
        return rate == null ? "n/a" : String.format(Locale.ROOT, "%.0f%%", rate * 100);
    }

    private long count(SearchIndex products, String query) {
        return products.search(SearchQuery.of(query).hitsPerPage(0), Product.class)
                .nbHits();
    }

    private void show(SearchResponse<Product> response) {
        out.println("  " + response.nbHits() + " hits; first " + response.hits().size() + ":");
        for (Hit<Product> hit : response.hits()) {
            Product p = hit.record();
            out.printf(Locale.ROOT, "    %-45s %-10s %8.2f  rating %.1f%n", p.name(), p.brand(), p.price(), p.rating());
        }
    }

    private void section(String title) {
        out.println();
        out.println("== " + title);
    }

    private static ClientConfig config(MockServer server, String apiKey) {
        return ClientConfig.builder(server.applicationId(), apiKey)
                .hosts(Host.of(server.url()))
                .trustManager(server.trustMaterial().trustManager())
                .logLevel(LogLevel.NONE)
                .build();
    }
}
