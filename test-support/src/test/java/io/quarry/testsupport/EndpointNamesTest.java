package io.quarry.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every endpoint a client module declares names its operation, so call observers (metrics, traces) see
 * {@code search} or {@code topSearches} rather than a provisional name.
 */
class EndpointNamesTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern DECLARATION =
            Pattern.compile("static final Endpoint (\\w+) =\\s*Endpoint\\.(?:read|write)\\([^;]*;", Pattern.DOTALL);

    @Test
    void everyDeclaredEndpointIsNamed() throws IOException {
        List<Path> tables;
        try (Stream<Path> files = Files.walk(ROOT, 9)) {
            tables = files.filter(p -> p.getFileName().toString().equals("Endpoints.java"))
                    .filter(p -> p.toString().contains("/src/main/"))
                    .toList();
        }
        assertThat(tables).hasSizeGreaterThanOrEqualTo(9);
        int declarations = 0;
        for (Path table : tables) {
            Matcher m = DECLARATION.matcher(Files.readString(table));
            while (m.find()) {
                declarations++;
                assertThat(m.group())
                        .as(ROOT.relativize(table) + " " + m.group(1))
                        .contains(".named(\"");
            }
        }
        assertThat(declarations).isGreaterThan(100);
    }
}
