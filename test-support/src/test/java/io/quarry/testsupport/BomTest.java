package io.quarry.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The BOM lists every published module at the project's version, and nothing else: not this module, the build's own
 * test helpers, which are not published.
 */
class BomTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void listsEveryPublishedModuleAtTheProjectVersion() throws IOException {
        String bom = Files.readString(ROOT.resolve("bom/pom.xml"));
        String parent = Files.readString(ROOT.resolve("pom.xml"));

        List<String> published = modules(parent).stream()
                .filter(m -> !m.equals("bom")
                        && !m.equals("test-support")
                        && !m.equals("benchmarks")
                        && !m.startsWith("examples"))
                .toList();
        assertThat(artifacts(bom)).containsExactlyInAnyOrderElementsOf(published);
        assertThat(version(bom)).isEqualTo(version(parent));
        // Neither names a version of its own: the default lives in .mvn/maven.config, -Drevision makes a release.
        assertThat(revision(bom)).isNull();
        assertThat(revision(parent)).isNull();
        assertThat(bom).doesNotContain("<parent>");
    }

    private static List<String> modules(String pom) {
        return all(Pattern.compile("<module>([^<]+)</module>").matcher(pom));
    }

    private static List<String> artifacts(String pom) {
        return all(Pattern.compile("<groupId>io\\.quarry</groupId>\\s*<artifactId>([^<]+)</artifactId>")
                .matcher(pom.substring(pom.indexOf("<dependencyManagement>"), pom.indexOf("</dependencyManagement>"))));
    }

    private static String version(String pom) {
        Matcher m = Pattern.compile("<artifactId>(?:bom|quarry-parent)</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(pom);
        return m.find() ? m.group(1) : null;
    }

    private static String revision(String pom) {
        Matcher m = Pattern.compile("<revision>([^<]+)</revision>").matcher(pom);
        return m.find() ? m.group(1) : null;
    }

    private static List<String> all(Matcher m) {
        java.util.ArrayList<String> found = new java.util.ArrayList<>();
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }
}
