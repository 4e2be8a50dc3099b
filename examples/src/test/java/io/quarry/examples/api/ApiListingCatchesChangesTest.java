package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Edits of the fixture API's sources, compiled here, change the listing exactly when they change what callers can
 * use: a public method added, a signature or a constant changed, a class opened for subclassing are reported line
 * by line; an edit inside an {@code internal} package, of a private member, of a class callers cannot name or of a
 * method body is not.
 */
class ApiListingCatchesChangesTest {

    private static final Path FIXTURE = Path.of("src/test/java/io/quarry/apifixture");

    @TempDir
    static Path work;

    private static Path base;

    private static List<String> original;

    /** Compiles the fixture's sources as they are, once for every test, and lists them. */
    @BeforeAll
    static void compileTheFixture() throws IOException {
        base = Files.createDirectories(work.resolve("base"));
        try (Stream<Path> walk = Files.walk(FIXTURE)) {
            FixtureCompiler.compile(
                    walk.filter(p -> p.toString().endsWith(".java")).toList(), base);
        }
        original = ApiListing.of(base);
    }

    /** An edit of one fixture source: the first occurrence of a text replaced (indentation of the new text is free). */
    record Edit(String file, String from, String to) {

        String applyTo(String source) {
            assertThat(source).as("%s before the edit", file).contains(from);
            return source.replaceFirst(Pattern.quote(from), Matcher.quoteReplacement(to));
        }
    }

    static Stream<Arguments> reportedEdits() {
        return Stream.of(
                Arguments.of(
                        "a public method added",
                        new Edit("Widget.java", "    int packagePrivate() {", """
                                    public int size() {
                                        return tags.size();
                                    }

                                    int packagePrivate() {"""),
                        List.of("+  public int size()")),
                Arguments.of(
                        "a parameter type changed",
                        new Edit(
                                "Widget.java",
                                "T max(List<? extends T> values)",
                                "T max(Collection<? extends T> values)"),
                        List.of(
                                "-  public static <T extends java.lang.Comparable<? super T>> T max(java.util.List<? extends T>)",
                                "+  public static <T extends java.lang.Comparable<? super T>> T max(java.util.Collection<? extends T>)")),
                Arguments.of(
                        "a final class made non-final",
                        new Edit("Widget.java", "public final class Widget", "public class Widget"),
                        List.of(
                                "-public final class io.quarry.apifixture.Widget implements java.lang.Comparable<io.quarry.apifixture.Widget>",
                                "+public class io.quarry.apifixture.Widget implements java.lang.Comparable<io.quarry.apifixture.Widget>",
                                "+  protected void changed()")),
                Arguments.of(
                        "a constant's value changed",
                        new Edit("Widget.java", "LIMIT = 10", "LIMIT = 20"),
                        List.of("-  public static final int LIMIT = 10", "+  public static final int LIMIT = 20")),
                Arguments.of(
                        "a method deprecated",
                        new Edit("Widget.java", "    public List<String> tags() {", """
                                    @Deprecated
                                    public List<String> tags() {"""),
                        List.of(
                                "-  public java.util.List<java.lang.String> tags()",
                                "+  @java.lang.Deprecated public java.util.List<java.lang.String> tags()")),
                Arguments.of(
                        "a return type changed in a superclass callers cannot name",
                        new Edit("Settings.java", "public long timeout() {", "public Long timeout() {"),
                        List.of("-  public long timeout()", "+  public java.lang.Long timeout()")),
                Arguments.of(
                        "enum constants reordered",
                        new Edit(
                                "Colour.java",
                                "RED(\"#f00\"),\n    GREEN(\"#0f0\");",
                                "GREEN(\"#0f0\"),\n    RED(\"#f00\");"),
                        List.of("-  constant RED", "+  constant RED")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("reportedEdits")
    void anApiChangeIsReported(String change, Edit edit, List<String> expectedChanges) throws IOException {
        List<String> edited = listEdited(edit);

        assertThat(changedLines(original, edited)).containsExactlyElementsOf(expectedChanges);
        assertThat(LineDiff.unified(original, edited)).contains(expectedChanges);
    }

    static Stream<Arguments> unreportedEdits() {
        return Stream.of(
                Arguments.of(
                        "a public method added, another changed, in an internal package",
                        new Edit("internal/Engine.java", "    public int run() {", """
                                    public String name() {
                                        return "engine";
                                    }

                                    public long run() {""")),
                Arguments.of("a private method added", new Edit("Widget.java", "    private int count() {", """
                                    private String secret() {
                                        return "secret";
                                    }

                                    private int count() {""")),
                Arguments.of(
                        "a private field's type changed",
                        new Edit(
                                "Widget.java",
                                "private final List<String> tags",
                                "private final ArrayList<String> tags")),
                Arguments.of(
                        "a public method added to a class callers cannot name",
                        new Edit("Blob.java", "final class Blob implements Shape {", """
                                final class Blob implements Shape {

                                    public double perimeter() {
                                        return 0;
                                    }
                                """)),
                Arguments.of(
                        "a method body changed",
                        new Edit("Circle.java", "Math.PI * radius * radius", "radius * radius * Math.PI")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unreportedEdits")
    void aChangeOutsideTheApiIsNotReported(String change, Edit edit) throws IOException {
        List<String> edited = listEdited(edit);

        assertThat(edited).isEqualTo(original);
    }

    /** The lines a diff marks as removed or added, prefixed with {@code -} or {@code +}. */
    private static List<String> changedLines(List<String> before, List<String> after) {
        return LineDiff.compare(before, after).stream()
                .filter(line -> line.change() != ' ')
                .map(line -> line.change() + line.text())
                .toList();
    }

    /**
     * Recompiles the edited source against the classes of the others, as an incremental build would (one file
     * compiles much faster than all of them), and lists the result.
     */
    private static List<String> listEdited(Edit edit) throws IOException {
        Path root = Files.createTempDirectory(work, "edited");
        Path classes = root.resolve("classes");
        try (Stream<Path> walk = Files.walk(base)) {
            for (Path file : walk.toList()) {
                Files.copy(file, classes.resolve(base.relativize(file).toString()));
            }
        }
        Path source = root.resolve(edit.file());
        Files.createDirectories(source.getParent());
        Files.writeString(source, edit.applyTo(Files.readString(FIXTURE.resolve(edit.file()))), StandardCharsets.UTF_8);
        FixtureCompiler.compile(List.of(source), classes);
        return ApiListing.of(classes);
    }
}
