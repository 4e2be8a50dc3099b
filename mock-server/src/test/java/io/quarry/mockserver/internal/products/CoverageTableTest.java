package io.quarry.mockserver.internal.products;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.StateControl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The coverage table of mock-server/README.md lists exactly the routes the server registers, with their product. */
class CoverageTableTest {

    private static final Pattern ROW =
            Pattern.compile("^\\| (\\w[\\w-]*) \\| (GET|POST|PUT|PATCH|DELETE) \\| `([^`]+)` \\|", Pattern.MULTILINE);

    @Test
    void theReadmeTableMatchesTheRegisteredRoutes() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        List<String> documented =
                ROW.matcher(readme).results().map(CoverageTableTest::row).toList();

        Application app = new Application(Clock.systemUTC(), Duration.ZERO);
        ServiceContext context = new ServiceContext(
                app, new SearchEngine(), new StateControl(app, List.of()), "test", false, new SearchHooks());
        List<String> registered = Products.routesOf(Products.all(context)).routes().stream()
                .map(r ->
                        r.product() + " " + r.route().method() + " " + r.route().template())
                .toList();

        assertThat(documented).containsExactlyInAnyOrderElementsOf(registered);
    }

    private static String row(java.util.regex.MatchResult m) {
        return m.group(1) + " " + m.group(2) + " " + m.group(3);
    }

    @Test
    void theRowPatternReadsARow() {
        Matcher m = ROW.matcher("| search | GET | `/1/logs` | notes |");
        assertThat(m.find()).isTrue();
        assertThat(row(m)).isEqualTo("search GET /1/logs");
    }
}
