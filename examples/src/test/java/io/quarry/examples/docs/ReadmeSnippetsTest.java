package io.quarry.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The READMEs' Java snippets compile, and those that run something run against the mock server and do what they say.
 *
 * <p>The convention, for writers: every {@code ```java} block has a marker on the line above it (blank lines aside),
 * an HTML comment that Markdown does not show:
 *
 * <ul>
 *   <li>{@code <!-- snippet: compile -->}: one or more type declarations, compiled;
 *   <li>{@code <!-- snippet: run -->}: the same, compiled and run: {@link SnippetRuns} says how (a main, JUnit tests,
 *       a recipe's method) and checks what it did, by the name of the block's first top-level type;
 *   <li>{@code <!-- snippet: fragment Type name, Type name -->}: statements (after any import lines of their own),
 *       compiled as the body of a method taking the parameters the marker lists (the variables the prose gives);
 *   <li>{@code <!-- snippet: imports -->}: the page's one import block, put before every other snippet of the page
 *       that shows no imports of its own (the page says so);
 *   <li>{@code <!-- snippet: file PATH -->} (any language): a file a run snippet reads, which must be exactly
 *       {@code examples/PATH}.
 * </ul>
 *
 * <p>A Java block without a marker, or with a kind not listed here, fails the test. Each page's snippets are compiled
 * together in a package of their own, so one can use a type another declares (the README's {@code Product}), all in
 * one javac run with {@code -Xlint:all -Werror}. Every {@code $VARIABLE} of a {@code bash} block must be set in that
 * block or an earlier one of the page, so a shell recipe says where its variables come from.
 */
class ReadmeSnippetsTest {

    private static final List<String> PAGES = List.of("README.md", "mock-server/README.md");
    private static final Path ROOT = Path.of(System.getProperty("quarry.repository.root", ".."));
    private static final Path EXAMPLES = ROOT.resolve("examples");

    private static final List<MarkdownPage> pages = new ArrayList<>();
    private static final List<SourceUnit> units = new ArrayList<>();
    private static final List<String> markerProblems = new ArrayList<>();
    private static List<String> compileProblems;
    private static URLClassLoader snippets;

    @BeforeAll
    static void compileEverySnippet(@TempDir Path work) throws IOException {
        for (String name : PAGES) {
            MarkdownPage page = MarkdownPage.read(ROOT, name);
            pages.add(page);
            markerProblems.addAll(page.problems);
            units.addAll(SnippetUnits.of(page, markerProblems));
        }
        compileProblems = SnippetCompiler.compile(units, work);
        snippets = SnippetCompiler.loader(work);
    }

    @AfterAll
    static void closeLoader() throws IOException {
        snippets.close();
    }

    @Test
    void everyJavaBlockHasAMarkerOfAKnownKind() {
        assertThat(markerProblems).isEmpty();
        assertThat(units).as("snippets found").hasSizeGreaterThan(10);
    }

    @Test
    void everySnippetCompiles() {
        assertThat(compileProblems).as("compiler messages").isEmpty();
    }

    @TestFactory
    Stream<DynamicTest> everyRunSnippetRunsAndDoesWhatItSays() {
        assertThat(compileProblems).as("compiler messages").isEmpty();
        Set<String> runs = new LinkedHashSet<>();
        for (SourceUnit unit : units) {
            if (unit.snippet().kind().equals("run")) {
                runs.add(unit.className());
            }
        }
        assertThat(runs)
                .as("run snippets, each known to SnippetRuns")
                .containsExactlyInAnyOrderElementsOf(SnippetRuns.BY_TYPE.keySet());
        return runs.stream()
                .map(name -> DynamicTest.dynamicTest(
                        name, () -> SnippetRuns.BY_TYPE.get(name).run(snippets)));
    }

    @Test
    void everyFileShownIsTheOneTheSnippetsRead() throws IOException {
        for (MarkdownPage page : pages) {
            for (Snippet snippet : page.snippets) {
                if (snippet.kind().equals("file")) {
                    Path file = EXAMPLES.resolve(snippet.argument());
                    assertThat(file).as(snippet.where()).exists();
                    assertThat(Files.readString(file)).as(snippet.where()).isEqualTo(snippet.code());
                }
            }
        }
    }

    private static final Pattern USE = Pattern.compile("\\$\\{?([A-Za-z_][A-Za-z0-9_]*)");
    private static final Pattern SET = Pattern.compile("(?:^|[\\s;(])([A-Za-z_][A-Za-z0-9_]*)=", Pattern.MULTILINE);
    /** What every shell sets itself: a recipe may use these without saying where they come from. */
    private static final Set<String> SHELL_SETS = Set.of("PWD", "HOME", "USER", "PATH");

    @Test
    void everyShellVariableIsSetWhereTheRecipeIs() {
        List<String> unset = new ArrayList<>();
        for (MarkdownPage page : pages) {
            Set<String> set = new HashSet<>(SHELL_SETS);
            for (ShellBlock block : page.shellBlocks) {
                Matcher assignment = SET.matcher(block.code());
                while (assignment.find()) {
                    set.add(assignment.group(1));
                }
                Matcher use = USE.matcher(block.code());
                while (use.find()) {
                    if (!set.contains(use.group(1))) {
                        unset.add(block.page() + ":" + block.line() + ": $" + use.group(1));
                    }
                }
            }
        }
        assertThat(unset).as("shell variables used before any line sets them").isEmpty();
    }
}
