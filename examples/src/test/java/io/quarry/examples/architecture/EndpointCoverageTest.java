package io.quarry.examples.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Endpoint;
import io.quarry.examples.architecture.ClientModules.ClientModule;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every endpoint of the service has a client: the service's routes listed in the mock server's coverage tables
 * (mock-server/README.md, which the mock server's own {@code CoverageTableTest} holds to the routes it serves) are
 * exactly the endpoints that the client modules' {@code Endpoints} tables declare, each in the module its section
 * names ("Query-suggestions endpoints" is {@code client-query-suggestions}). A section whose host carries a base path
 * says so in a line "Paths start with `/base`, which ..."; its module declares its paths without that base. Together the two tests are the endpoint
 * coverage check: {@code ./mvnw -B verify -pl examples -am -Dtest=EndpointCoverageTest
 * -Dsurefire.failIfNoSpecifiedTests=false} prints the counts.
 */
class EndpointCoverageTest {

    private static final Path README = Path.of("..", "mock-server", "README.md");
    private static final Pattern SECTION = Pattern.compile("^### (.+) endpoints$");
    private static final Pattern BASE_PATH = Pattern.compile("^Paths start with `(/[^`]+)`, which");
    private static final Pattern ROW = Pattern.compile("^\\| (GET|POST|PUT|PATCH|DELETE) \\| `([^`]+)` \\|");
    /** The mock server's own endpoints: served only by the mock server, no client calls them. */
    private static final String MOCK_SERVER_OWN = "/_mock/";

    @Test
    void theClientsDeclareExactlyTheServicesEndpointsEachInItsModule() throws IOException {
        String readme = Files.readString(README);
        Map<String, Set<String>> listed = serviceEndpointsByModule(readme);
        Map<String, String> basePaths = basePathsByModule(readme);
        Map<String, Set<String>> declared = new TreeMap<>();
        for (ClientModule module : ClientModules.all()) {
            if (!module.isCore()) {
                declared.put(module.name(), declaredEndpoints(module, basePaths.getOrDefault(module.name(), "")));
            }
        }

        List<String> problems = problems(listed, declared);
        int service = listed.values().stream().mapToInt(Set::size).sum();
        int clients = declared.values().stream().mapToInt(Set::size).sum();
        System.out.printf(
                "endpoint coverage: %d service endpoints listed, %d declared by the clients%n", service, clients);

        assertThat(problems)
                .as("differences between " + README + " and the clients' Endpoints tables")
                .isEmpty();
        assertThat(service).as("service endpoints listed").isPositive();
    }

    @Test
    void aMissingOrUnlistedEndpointAndTheBasePathAreRead() {
        String readme = String.join(
                "\n",
                "### Search endpoints",
                "| POST | `/1/indexes/{indexName}/query` |  |",
                "| GET | `/1/indexes/{indexName}` |  |",
                "### Crawler endpoints",
                "Paths start with `/api/1`, which the crawler host carries.",
                "| GET | `/api/1/crawlers` |  |",
                "### Mock server control endpoints",
                "| POST | `/_mock/reset` |  |");
        Map<String, Set<String>> listed = serviceEndpointsByModule(readme);
        Map<String, Set<String>> declared = Map.of(
                "client-search", Set.of("POST /1/indexes/{indexName}/query", "GET /1/keys"),
                "client-crawler", Set.of("GET /api/1/crawlers"));

        assertThat(basePathsByModule(readme)).containsExactly(Map.entry("client-crawler", "/api/1"));
        assertThat(problems(listed, declared))
                .containsExactly(
                        "client-search: no client endpoint for GET /1/indexes/{indexName}",
                        "client-search: GET /1/keys is not in the coverage tables");
    }

    /** What differs between the listed and the declared endpoints, module by module. */
    static List<String> problems(Map<String, Set<String>> listed, Map<String, Set<String>> declared) {
        List<String> problems = new ArrayList<>();
        for (String module : union(listed.keySet(), declared.keySet())) {
            Set<String> inReadme = listed.getOrDefault(module, Set.of());
            Set<String> inClient = declared.getOrDefault(module, Set.of());
            minus(inReadme, inClient).forEach(e -> problems.add(module + ": no client endpoint for " + e));
            minus(inClient, inReadme).forEach(e -> problems.add(module + ": " + e + " is not in the coverage tables"));
        }
        return problems;
    }

    /** The base path a section says its host carries, by the client module of the section. */
    static Map<String, String> basePathsByModule(String readme) {
        Map<String, String> byModule = new TreeMap<>();
        String module = null;
        for (String line : readme.lines().toList()) {
            Matcher section = SECTION.matcher(line);
            Matcher base = BASE_PATH.matcher(line);
            if (section.matches()) {
                module = moduleOf(section.group(1));
            } else if (base.find() && module != null) {
                byModule.put(module, base.group(1));
            }
        }
        return byModule;
    }

    /** The client module of a section named "{@code <API>} endpoints". */
    private static String moduleOf(String api) {
        return "client-" + api.toLowerCase(Locale.ROOT).replace(' ', '-');
    }

    /** The service's endpoints of the coverage tables, as "METHOD /path", by the client module of their section. */
    static Map<String, Set<String>> serviceEndpointsByModule(String readme) {
        Map<String, Set<String>> byModule = new TreeMap<>();
        String module = null;
        for (String line : readme.lines().toList()) {
            Matcher section = SECTION.matcher(line);
            if (section.matches()) {
                module = "client-"
                        + section.group(1).toLowerCase(java.util.Locale.ROOT).replace(' ', '-');
                continue;
            }
            Matcher row = ROW.matcher(line);
            if (row.find() && !row.group(2).startsWith(MOCK_SERVER_OWN)) {
                if (module == null) {
                    throw new IllegalStateException("an endpoint row before any section: " + line);
                }
                byModule.computeIfAbsent(module, m -> new TreeSet<>()).add(row.group(1) + " " + row.group(2));
            }
        }
        return byModule;
    }

    private static Set<String> declaredEndpoints(ClientModule module, String basePath) {
        String tableName = module.rootPackage() + ".Endpoints";
        Class<?> table;
        try {
            table = Class.forName(tableName);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(module.name() + " has no endpoint table " + tableName, e);
        }
        Set<String> endpoints = new TreeSet<>();
        for (Field field : table.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == Endpoint.class) {
                Endpoint endpoint = read(field);
                endpoints.add(endpoint.method() + " " + basePath + endpoint.pathTemplate());
            }
        }
        return endpoints;
    }

    private static Endpoint read(Field field) {
        try {
            field.setAccessible(true);
            return (Endpoint) field.get(null);
        } catch (IllegalAccessException e) {
            throw new AssertionError("cannot read " + field, e);
        }
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }

    private static Set<String> minus(Set<String> a, Set<String> b) {
        Set<String> rest = new TreeSet<>(a);
        rest.removeAll(b);
        return rest;
    }
}
