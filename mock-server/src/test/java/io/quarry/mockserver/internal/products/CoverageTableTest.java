package io.quarry.mockserver.internal.products;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.products.ProductRoutes.ProductRoute;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Coverage section of mock-server/README.md: one table per API, each route the server registers listed exactly
 * once, in the section of the product that serves it. Only rows of well-formed tables count; a row outside a table,
 * or outside the Coverage section, fails the test instead of being skipped.
 */
class CoverageTableTest {

    /** What a section of the coverage holds: the routes of one product, the service's or the mock server's own. */
    private record Section(String product, boolean mockServerOwn) {}

    private static final Map<String, Section> SECTIONS = new LinkedHashMap<>();

    static {
        SECTIONS.put("Search endpoints", new Section("search", false));
        SECTIONS.put("Analytics endpoints", new Section("analytics", false));
        SECTIONS.put("Insights endpoints", new Section("insights", false));
        SECTIONS.put("Personalization endpoints", new Section("personalization", false));
        SECTIONS.put("Answers endpoints", new Section("answers", false));
        SECTIONS.put("Query-suggestions endpoints", new Section("suggestions", false));
        SECTIONS.put("Monitoring endpoints", new Section("monitoring", false));
        SECTIONS.put("Usage endpoints", new Section("usage", false));
        SECTIONS.put("Crawler endpoints", new Section("crawler", false));
        SECTIONS.put("Mock server control endpoints", new Section("control", true));
        SECTIONS.put("Fault-scripting endpoints", new Section("control", true));
        SECTIONS.put("Monitoring control endpoints", new Section("monitoring", true));
        SECTIONS.put("Console endpoints", new Section("console", true));
    }

    private static final String HEADER = "| Method | Path | Notes |";
    private static final String SEPARATOR = "|---|---|---|";
    private static final Pattern ROW = Pattern.compile("^\\| (GET|POST|PUT|PATCH|DELETE) \\| `([^`]+)` \\|.*\\|$");
    /** A line that lists an endpoint, in today's form or with a product column before it. */
    private static final Pattern ENDPOINT_LIKE =
            Pattern.compile("^\\|(?: [\\w-]+ \\|)? (GET|POST|PUT|PATCH|DELETE) \\| `/");

    /** One row of a coverage table. */
    record Row(String section, String method, String path) {
        String endpoint() {
            return method + " " + path;
        }
    }

    @Test
    void theReadmeListsEveryRegisteredRouteOnceInItsProductsSection() throws IOException {
        List<Row> rows = parse(Files.readString(Path.of("README.md")));

        assertThat(problems(rows, AllRoutes.registered())).isEmpty();
        assertThat(rows.stream().map(Row::section).distinct()).containsExactlyElementsOf(SECTIONS.keySet());
    }

    /**
     * @param readme the README's text
     * @return the rows of the coverage tables, with their section
     * @throws IllegalStateException for an endpoint row outside a table or outside the Coverage section, a table
     *     without the expected header, or a table line that is not a row
     */
    static List<Row> parse(String readme) {
        List<String> lines = readme.lines().toList();
        List<Row> rows = new ArrayList<>();
        boolean inCoverage = false;
        String section = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("## ")) {
                inCoverage = line.equals("## Coverage");
                section = null;
            } else if (inCoverage && line.startsWith("### ")) {
                section = line.substring(4).trim();
                if (!SECTIONS.containsKey(section)) {
                    throw new IllegalStateException("line " + (i + 1) + ": unknown coverage section " + section);
                }
            } else if (inCoverage && line.startsWith("|")) {
                if (section == null) {
                    throw new IllegalStateException("line " + (i + 1) + ": a table outside a section");
                }
                if (!line.equals(HEADER)
                        || i + 1 >= lines.size()
                        || !lines.get(i + 1).equals(SEPARATOR)) {
                    throw new IllegalStateException(
                            "line " + (i + 1) + ": a table starts with " + HEADER + " and " + SEPARATOR);
                }
                i += 2;
                for (; i < lines.size() && lines.get(i).startsWith("|"); i++) {
                    Matcher row = ROW.matcher(lines.get(i));
                    if (!row.matches()) {
                        throw new IllegalStateException("line " + (i + 1) + ": not a coverage row: " + lines.get(i));
                    }
                    rows.add(new Row(section, row.group(1), row.group(2)));
                }
                i--;
            } else if (ENDPOINT_LIKE.matcher(line).find()) {
                throw new IllegalStateException(
                        "line " + (i + 1) + ": an endpoint row outside the coverage tables: " + line);
            }
        }
        return rows;
    }

    /**
     * @param rows the coverage rows
     * @param routes the registered routes
     * @return what is wrong, empty when each route is listed once in its product's section and nothing else is
     */
    static List<String> problems(List<Row> rows, List<ProductRoute> routes) {
        List<String> problems = new ArrayList<>();
        Map<String, List<Row>> byEndpoint = new HashMap<>();
        rows.forEach(r ->
                byEndpoint.computeIfAbsent(r.endpoint(), k -> new ArrayList<>()).add(r));
        for (ProductRoute route : routes) {
            String endpoint = route.route().method() + " " + route.route().template();
            List<Row> listed = byEndpoint.remove(endpoint);
            if (listed == null) {
                problems.add(endpoint + " (" + route.product() + ") is not listed");
                continue;
            }
            if (listed.size() > 1) {
                problems.add(endpoint + " is listed " + listed.size() + " times");
            }
            for (Row row : listed) {
                Section section = SECTIONS.get(row.section());
                if (!section.product().equals(route.product())) {
                    problems.add(endpoint + " is listed under " + row.section() + ", not in a section of "
                            + route.product());
                }
                if (section.mockServerOwn() != route.route().template().startsWith("/_mock/")) {
                    problems.add(endpoint + " is listed under " + row.section()
                            + (section.mockServerOwn() ? ", a section of the mock server's own endpoints" : ""));
                }
            }
        }
        byEndpoint.keySet().forEach(endpoint -> problems.add(endpoint + " is listed but not served"));
        return problems;
    }

    private static ProductRoute route(String product, String method, String template) {
        return new ProductRoute(
                product,
                new Route(method, template, Access.SEARCH, Set.of(), Operation.NOT_COUNTED, Work.READ, r -> null));
    }

    private static String readme(String coverage) {
        return "# Title\n\n| Option | Meaning |\n|---|---|\n| `--port` | port |\n\n## Coverage\n\n" + coverage
                + "\n## Next\n\nText.\n";
    }

    @Test
    void rowsAreReadSectionBySectionFromTablesOnly() {
        List<Row> rows = parse(readme("### Search endpoints\n\nProse with `GET /1/x` in it.\n\n" + HEADER + "\n"
                + SEPARATOR + "\n| GET | `/1/logs` | notes |\n| POST | `/1/keys` |  |\n\n### Usage endpoints\n\n"
                + HEADER + "\n" + SEPARATOR + "\n| GET | `/1/usage/{statistic}` | |\n"));

        assertThat(rows)
                .containsExactly(
                        new Row("Search endpoints", "GET", "/1/logs"),
                        new Row("Search endpoints", "POST", "/1/keys"),
                        new Row("Usage endpoints", "GET", "/1/usage/{statistic}"));
    }

    @Test
    void aRowOutsideATableOrOutsideTheCoverageFails() {
        assertThatThrownBy(() -> parse(readme("### Search endpoints\n\n| GET | `/1/logs` | notes |\n")))
                .hasMessageContaining("a table starts with");
        assertThatThrownBy(() -> parse(readme("### Search endpoints\n\n" + HEADER + "\n" + SEPARATOR + "\n"
                        + "| GET | `/1/logs` | |\n| search | GET | `/1/keys` | |\n")))
                .hasMessageContaining("not a coverage row");
        assertThatThrownBy(() -> parse(readme("") + "## Answers\n\n| monitoring | GET | `/1/status` | public |\n"))
                .hasMessageContaining("outside the coverage tables");
        assertThatThrownBy(() -> parse(readme("### Nowhere\n"))).hasMessageContaining("unknown coverage section");
    }

    @Test
    void eachRouteOnceInTheSectionOfItsProduct() {
        List<ProductRoute> routes = List.of(
                route("search", "GET", "/1/logs"),
                route("usage", "GET", "/1/usage/{statistic}"),
                route("control", "POST", "/_mock/faults"),
                route("search", "GET", "/1/keys"));
        List<Row> rows = List.of(
                new Row("Search endpoints", "GET", "/1/logs"),
                new Row("Search endpoints", "GET", "/1/logs"),
                new Row("Search endpoints", "GET", "/1/usage/{statistic}"),
                new Row("Search endpoints", "POST", "/_mock/faults"),
                new Row("Usage endpoints", "GET", "/1/gone"));

        assertThat(problems(rows, routes))
                .containsExactlyInAnyOrder(
                        "GET /1/logs is listed 2 times",
                        "GET /1/usage/{statistic} is listed under Search endpoints, not in a section of usage",
                        "POST /_mock/faults is listed under Search endpoints, not in a section of control",
                        "POST /_mock/faults is listed under Search endpoints",
                        "GET /1/keys (search) is not listed",
                        "GET /1/gone is listed but not served");
        assertThat(problems(
                        List.of(new Row("Fault-scripting endpoints", "POST", "/_mock/faults")),
                        List.of(route("control", "POST", "/_mock/faults"))))
                .isEmpty();
    }
}
