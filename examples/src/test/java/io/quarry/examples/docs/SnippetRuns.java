package io.quarry.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.quarry.core.ClientConfig;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.Host;
import io.quarry.mockserver.MockServer;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.WriteProgress;
import io.quarry.search.model.SearchQuery;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * How each {@code <!-- snippet: run -->} snippet runs, and what it must have done, by the name of its first
 * top-level type. A run snippet missing here fails the test, and so does an entry no snippet uses.
 */
final class SnippetRuns {

    /** Runs one snippet, whose classes {@code snippets} loads, and checks its effect. */
    interface Run {
        void run(ClassLoader snippets) throws Exception;
    }

    static final Map<String, Run> BY_TYPE = Map.of(
            "snippets.root.QuickStart", SnippetRuns::quickStart,
            "snippets.root.ProductSearchTest", snippets -> junit(snippets, 1, "snippets.root.ProductSearchTest"),
            "snippets.root.ProductIngest", SnippetRuns::productIngest,
            "snippets.mockserver.SearchIT",
                    snippets -> junit(
                            snippets,
                            4,
                            "snippets.mockserver.SearchIT",
                            "snippets.mockserver.CatalogueSearchIT",
                            "snippets.mockserver.CatalogueIT",
                            "snippets.mockserver.OtherIT"),
            "snippets.mockserver.FailoverTest", snippets -> junit(snippets, 1, "snippets.mockserver.FailoverTest"));

    private SnippetRuns() {}

    /**
     * The quick start's main, configured from the environment as it says, here the mock server's; its filtered
     * search prints the phone with its highlight (a filter on an attribute not set for faceting matches nothing).
     */
    private static void quickStart(ClassLoader snippets) throws Exception {
        try (MockServer server = MockServer.builder().start()) {
            Properties saved = (Properties) System.getProperties().clone();
            PrintStream console = System.out;
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            System.setProperty("quarry.application-id", server.applicationId());
            System.setProperty("quarry.api-key", server.adminKey());
            System.setProperty("quarry.hosts", server.url());
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            try {
                snippets.loadClass("snippets.root.QuickStart")
                        .getMethod("main", String[].class)
                        .invoke(null, (Object) new String[0]);
            } finally {
                System.setOut(console);
                System.setProperties(saved);
            }
            assertThat(printed.toString(StandardCharsets.UTF_8).lines())
                    .as("what the quick start printed")
                    .startsWith("Phone <em>Phone</em>", "1");
            try (SearchClient client = clientOf(server)) {
                assertThat(client.index("products")
                                .getObject("p1", FreeFormRecord.class)
                                .get("name"))
                        .as("the product the quick start saved")
                        .isEqualTo("Phone");
            }
        }
    }

    /**
     * The ingester recipe writes exactly the records it is given, none twice although they have no objectID: two
     * full chunks from its eight producers, and a last part that only flush() sends.
     */
    private static void productIngest(ClassLoader snippets) throws Exception {
        int count = 2_500;
        Constructor<?> product = snippets.loadClass("snippets.root.Product").getDeclaredConstructors()[0];
        List<Object> products = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            products.add(product.newInstance(null, "Product " + i, "Brand " + (i % 7), i));
        }
        Class<?> recipe = snippets.loadClass("snippets.root.ProductIngest");
        try (MockServer server = MockServer.builder().start();
                SearchClient client = clientOf(server)) {
            SearchIndex index = client.index("products");
            WriteProgress progress = (WriteProgress) recipe.getMethod("write", SearchIndex.class, Collection.class)
                    .invoke(recipe.getConstructor().newInstance(), index, products);

            assertThat(progress.recordsAcknowledged()).isEqualTo(count);
            assertThat(progress.recordsFailed()).isZero();
            assertThat(index.search(SearchQuery.of("").hitsPerPage(0), FreeFormRecord.class)
                            .nbHits())
                    .as("records in the index")
                    .isEqualTo(count);
        }
    }

    private static SearchClient clientOf(MockServer server) {
        return SearchClient.create(ClientConfig.builder(server.applicationId(), server.adminKey())
                .hosts(Host.of(server.url()))
                .build());
    }

    /** Runs test classes on the JUnit Platform and checks that exactly {@code tests} tests ran, all passing. */
    private static void junit(ClassLoader snippets, int tests, String... classNames) throws ClassNotFoundException {
        List<DiscoverySelector> selectors = new ArrayList<>();
        for (String name : classNames) {
            selectors.add(selectClass(snippets.loadClass(name)));
        }
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(snippets);
        try {
            LauncherFactory.create()
                    .execute(
                            LauncherDiscoveryRequestBuilder.request()
                                    .selectors(selectors)
                                    .build(),
                            listener);
        } finally {
            thread.setContextClassLoader(previous);
        }
        TestExecutionSummary summary = listener.getSummary();
        StringWriter failures = new StringWriter();
        summary.printFailuresTo(new PrintWriter(failures), 30);
        assertThat(summary.getTotalFailureCount()).as("failures:%n%s", failures).isZero();
        assertThat(summary.getTestsSucceededCount()).as("tests passed").isEqualTo(tests);
    }
}
