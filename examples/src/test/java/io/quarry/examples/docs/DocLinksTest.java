package io.quarry.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the project's Markdown pages leads somewhere: to a file or folder of the repository and, when
 * it names an anchor, to a heading (or an {@code <a id>}) of the page it points to, as GitHub renders them.
 * Absolute links ({@code https:}, {@code mailto:}) are left alone: the build runs offline.
 */
class DocLinksTest {

    private static final Path ROOT = Path.of(System.getProperty("quarry.repository.root", ".."))
            .toAbsolutePath()
            .normalize();

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        List<Path> pages = markdownPages();
        assertThat(pages).as("Markdown pages found").hasSizeGreaterThan(5);
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            MarkdownLinks links = MarkdownLinks.of(Files.readAllLines(page));
            for (MarkdownLinks.Link link : links.links()) {
                String problem = problem(page, links, link.target());
                if (problem != null) {
                    broken.add(ROOT.relativize(page) + ":" + link.line() + ": " + link.target() + ": " + problem);
                }
            }
        }
        assertThat(broken).as("links that lead nowhere").isEmpty();
    }

    @Test
    void anAnchorIsTheHeadingAsGitHubSpellsIt() {
        MarkdownLinks page = MarkdownLinks.of(List.of(
                "# Quarry",
                "## Run it in a container",
                "### `quarry-testcontainers`: faults, @ServiceConnection",
                "## Cold start: JVM start to the first search answer",
                "## Run it in a container",
                "```bash",
                "# not a heading",
                "```",
                "<a id=\"kept\"></a>",
                "See [it](#run-it-in-a-container) and [`code`](other.md#x), not `[this](nowhere.md)`."));
        assertThat(page.anchors())
                .containsExactlyInAnyOrder(
                        "quarry",
                        "run-it-in-a-container",
                        "quarry-testcontainers-faults-serviceconnection",
                        "cold-start-jvm-start-to-the-first-search-answer",
                        "run-it-in-a-container-1",
                        "kept");
        assertThat(page.links())
                .extracting(MarkdownLinks.Link::target)
                .containsExactly("#run-it-in-a-container", "other.md#x");
    }

    private static String problem(Path page, MarkdownLinks links, String target) throws IOException {
        if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
            return null;
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!resolved.startsWith(ROOT) || !Files.exists(resolved)) {
            return "no such file";
        }
        if (anchor == null) {
            return null;
        }
        if (!resolved.toString().endsWith(".md")) {
            return "an anchor into a file that is not Markdown";
        }
        MarkdownLinks into = file.isEmpty() ? links : MarkdownLinks.of(Files.readAllLines(resolved));
        return into.anchors().contains(anchor) ? null : "no such heading";
    }

    private static List<Path> markdownPages() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> {
                        String relative = ROOT.relativize(p).toString().replace('\\', '/');
                        return !relative.startsWith(".git/")
                                && !relative.contains("/target/")
                                && !relative.startsWith("target/")
                                && !relative.contains("node_modules/");
                    })
                    .sorted()
                    .toList();
        }
    }
}
