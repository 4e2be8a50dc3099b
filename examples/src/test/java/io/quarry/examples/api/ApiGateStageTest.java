package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.NodeList;

/**
 * The comparison with the baseline release runs once per CI run, in the API gate's stage, not in each JDK pass: the
 * examples' Surefire configuration leaves {@link ApiCompatibilityTest} out of {@code ./mvnw verify}, and
 * {@code .ci/api-gate} names it with {@code -Dtest}, which overrides that exclusion. A gate command that named no test
 * would run nothing and pass.
 */
class ApiGateStageTest {

    private static final String GATE = ApiCompatibilityTest.class.getSimpleName();

    @Test
    void theJdkPassesLeaveTheComparisonOut() throws Exception {
        NodeList excludes = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(PublishedModules.ROOT.resolve("examples/pom.xml").toFile())
                .getElementsByTagName("exclude");
        List<String> excluded = new ArrayList<>();
        for (int i = 0; i < excludes.getLength(); i++) {
            excluded.add(excludes.item(i).getTextContent().trim());
        }

        assertThat(excluded).contains("**/" + GATE + ".java");
    }

    @Test
    void theGateStageRunsIt() throws IOException {
        assertThat(commands(".ci/api-gate"))
                .as("the gate runs the comparison by name, over the examples' exclusion")
                .anyMatch(line -> line.contains("-Dtest=" + GATE + " "));
        assertThat(commands(".ci/run")).anyMatch(line -> line.contains(".ci/api-gate"));
    }

    /** The lines of a script that are not comments. */
    private static List<String> commands(String script) throws IOException {
        return Files.readAllLines(PublishedModules.ROOT.resolve(Path.of(script))).stream()
                .filter(line -> !line.strip().startsWith("#"))
                .toList();
    }
}
