package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The gate's classification, on two versions of a tiny API compiled here: a change that breaks callers fails a minor
 * release and passes a major one; an addition passes; a change inside an {@code internal} package is not seen. Each
 * case is a package of its own, so that all baselines compile in one javac run and all changed versions in another.
 */
class CompatibilityGateTest {

    private static final String BASELINE = "1.0.0";

    /** A fixture: its sources before and after, by path under its package, each without its package line. */
    record Case(String name, Map<String, String> before, Map<String, String> after) {

        @Override
        public String toString() {
            return name;
        }

        /** Its package: one per case, from its name. */
        String packageName() {
            return "fixture." + name.replaceAll("[^a-z]", "");
        }
    }

    private static final List<Case> BREAKING = List.of(
            new Case(
                    "a removed method",
                    Map.of("Api.java", "public class Api { public void a() {} public void b() {} }"),
                    Map.of("Api.java", "public class Api { public void a() {} }")),
            new Case(
                    "a changed parameter type",
                    Map.of("Api.java", "public class Api { public void a(int limit) {} }"),
                    Map.of("Api.java", "public class Api { public void a(long limit) {} }")),
            new Case(
                    "a changed generic argument",
                    Map.of("Api.java", "public class Api { public void a(java.util.List<String> names) {} }"),
                    Map.of("Api.java", "public class Api { public void a(java.util.List<Integer> names) {} }")),
            new Case(
                    "a changed generic return type",
                    Map.of("Api.java", "public class Api { public java.util.List<String> a() { return null; } }"),
                    Map.of("Api.java", "public class Api { public java.util.List<Long> a() { return null; } }")),
            new Case(
                    "a class made final",
                    Map.of("Api.java", "public class Api { public void a() {} }"),
                    Map.of("Api.java", "public final class Api { public void a() {} }")),
            new Case(
                    "a removed constant",
                    Map.of("Api.java", "public class Api { public static final int LIMIT = 3; }"),
                    Map.of("Api.java", "public class Api {}")),
            new Case(
                    "a method made abstract",
                    Map.of("Api.java", "public abstract class Api { public void a() {} }"),
                    Map.of("Api.java", "public abstract class Api { public abstract void a(); }")),
            new Case(
                    "a checked exception added to throws",
                    Map.of("Api.java", "public class Api { public void a() {} }"),
                    Map.of("Api.java", "public class Api { public void a() throws java.io.IOException {} }")),
            new Case(
                    "an abstract method added to an interface callers implement",
                    Map.of("Listener.java", "public interface Listener { void a(); }"),
                    Map.of("Listener.java", "public interface Listener { void a(); void b(); }")),
            new Case(
                    "an element without a default added to an annotation",
                    Map.of("Settings.java", "public @interface Settings { int a() default 1; }"),
                    Map.of("Settings.java", "public @interface Settings { int a() default 1; int b(); }")),
            new Case(
                    "a removed class",
                    Map.of("Api.java", "public class Api {}", "Old.java", "public class Old {}"),
                    Map.of("Api.java", "public class Api {}")),
            new Case(
                    "a constant made private",
                    Map.of("Api.java", "public class Api { public static final int LIMIT = 3; }"),
                    Map.of("Api.java", "public class Api { private static final int LIMIT = 3; }")),
            new Case(
                    "a field made package-private",
                    Map.of("Api.java", "public class Api { public int limit; }"),
                    Map.of("Api.java", "public class Api { int limit; }")),
            new Case(
                    "a method made private",
                    Map.of("Api.java", "public class Api { public void a() {} }"),
                    Map.of("Api.java", "public class Api { private void a() {} }")),
            new Case(
                    "a constructor made package-private",
                    Map.of("Api.java", "public class Api { public Api() {} }"),
                    Map.of("Api.java", "public class Api { Api() {} }")),
            new Case(
                    "a class made package-private",
                    Map.of("Api.java", "public class Api { public void a() {} }"),
                    Map.of("Api.java", "class Api { public void a() {} }")),
            new Case(
                    "a constant of a final class made private",
                    Map.of("Api.java", "public final class Api { public static final int LIMIT = 3; }"),
                    Map.of("Api.java", "public final class Api { private static final int LIMIT = 3; }")));

    private static final List<Case> COMPATIBLE = List.of(
            new Case(
                    "an added method",
                    Map.of("Api.java", "public class Api { public void a() {} }"),
                    Map.of("Api.java", "public class Api { public void a() {} public void b() {} }")),
            new Case(
                    "an added class",
                    Map.of("Api.java", "public class Api {}"),
                    Map.of("Api.java", "public class Api {}", "Added.java", "public class Added {}")),
            new Case(
                    "a default method added to an interface",
                    Map.of("Listener.java", "public interface Listener { void a(); }"),
                    Map.of("Listener.java", "public interface Listener { void a(); default void b() {} }")),
            new Case(
                    "an abstract method added to a sealed interface",
                    Map.of(
                            "Event.java", "public sealed interface Event permits Started { long at(); }",
                            "Started.java", "public record Started(long at) implements Event {}"),
                    Map.of(
                            "Event.java",
                            "public sealed interface Event permits Started { long at(); String name(); }",
                            "Started.java",
                            "public record Started(long at, String name) implements Event {"
                                    + " /** @deprecated */ @Deprecated public Started(long at) { this(at, \"\"); } }")),
            new Case(
                    "an element with a default added to an annotation",
                    Map.of("Settings.java", "public @interface Settings { int a() default 1; }"),
                    Map.of("Settings.java", "public @interface Settings { int a() default 1; int b() default 2; }")),
            new Case(
                    "a class no longer final",
                    Map.of("Api.java", "public final class Api { public void a() {} }"),
                    Map.of("Api.java", "public class Api { public void a() {} }")));

    private static final Case INTERNAL = new Case(
            "a change inside an internal package",
            Map.of(
                    "Api.java", "public class Api {}",
                    "internal/Helper.java", "public class Helper { public void a() {} public static final int N = 1; }",
                    "internal/deep/Gone.java", "public class Gone {}"),
            Map.of(
                    "Api.java", "public class Api {}",
                    "internal/Helper.java", "public final class Helper { public void a(long n) {} }"));

    @TempDir
    static Path work;

    private static Path before;

    private static Path after;

    /** Compiles every case's two versions: two javac runs in all, as each takes a second or more. */
    @BeforeAll
    static void compileTheFixtures() throws IOException {
        List<Case> cases = Stream.of(BREAKING, COMPATIBLE, List.of(INTERNAL))
                .flatMap(List::stream)
                .toList();
        before = compile("before", cases, Case::before);
        after = compile("after", cases, Case::after);
    }

    static Stream<Arguments> breakingChanges() {
        List<String> kinds = List.of(
                "METHOD_REMOVED",
                "METHOD_REMOVED",
                "METHOD_PARAMETER_GENERICS_CHANGED",
                "METHOD_RETURN_TYPE_GENERICS_CHANGED",
                "CLASS_NOW_NOT_EXTENDABLE",
                "FIELD_REMOVED",
                "METHOD_NOW_ABSTRACT",
                "METHOD_NOW_THROWS_CHECKED_EXCEPTION",
                "METHOD_ADDED_TO_INTERFACE",
                "METHOD_ABSTRACT_ADDED_TO_CLASS",
                "CLASS_REMOVED",
                "FIELD_LESS_ACCESSIBLE",
                "FIELD_LESS_ACCESSIBLE",
                "METHOD_LESS_ACCESSIBLE",
                "CONSTRUCTOR_LESS_ACCESSIBLE",
                "CLASS_NO_LONGER_PUBLIC",
                "FIELD_LESS_ACCESSIBLE");
        return IntStream.range(0, BREAKING.size()).mapToObj(i -> Arguments.of(BREAKING.get(i), kinds.get(i)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breakingChanges")
    void aBreakingChangeFailsAMinorReleaseAndPassesAMajorOne(Case change, String kind) {
        CompatibilityGate.Verdict minor = compare(change, "1.1.0");
        CompatibilityGate.Verdict major = compare(change, "2.0.0-SNAPSHOT");

        assertThat(minor.incompatible())
                .extracting(CompatibilityGate.Change::kind)
                .contains(kind);
        assertThat(minor.passes()).as("1.0.0 -> 1.1.0: %s", minor.describe()).isFalse();
        assertThat(major.passes()).as("1.0.0 -> 2.0.0-SNAPSHOT").isTrue();
    }

    static List<Case> compatibleChanges() {
        return COMPATIBLE;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("compatibleChanges")
    void aCompatibleChangePassesAMinorRelease(Case change) {
        CompatibilityGate.Verdict verdict = compare(change, "1.1.0");

        assertThat(verdict.incompatible()).isEmpty();
        assertThat(verdict.passes()).isTrue();
    }

    @Test
    void anAdditionIsPrintedAsCompatible() {
        assertThat(compare(COMPATIBLE.get(0), "1.1.0").compatible())
                .extracting(CompatibilityGate.Change::kind)
                .containsExactly("METHOD_ADDED_TO_PUBLIC_CLASS");
        assertThat(compare(COMPATIBLE.get(1), "1.1.0").compatible())
                .extracting(CompatibilityGate.Change::kind)
                .containsExactly("CLASS_ADDED");
    }

    @Test
    void aChangeInsideAnInternalPackageIsNotSeen() {
        assertThat(compare(INTERNAL, "1.1.0").changes()).isEmpty();
    }

    @Test
    void theMajorNumberIsTheNumberBeforeTheFirstDot() {
        assertThat(CompatibilityGate.major("1.0.0-SNAPSHOT")).isEqualTo(1);
        assertThat(CompatibilityGate.major("12.3.4")).isEqualTo(12);
        assertThat(CompatibilityGate.major("2-SNAPSHOT")).isEqualTo(2);
    }

    private static CompatibilityGate.Verdict compare(Case change, String currentVersion) {
        String folder = change.packageName().replace('.', '/');
        return CompatibilityGate.compare(
                new CompatibilityGate.Side(ClassJar.of(before, folder), BASELINE, List.of()),
                new CompatibilityGate.Side(ClassJar.of(after, folder), currentVersion, List.of()));
    }

    /** Writes one version of every case into its package and compiles them all into one folder. */
    private static Path compile(String version, List<Case> cases, Function<Case, Map<String, String>> sources)
            throws IOException {
        Path root = Files.createDirectories(work.resolve(version));
        Path classes = Files.createDirectories(root.resolve("classes"));
        List<Path> files = new ArrayList<>();
        for (Case fixture : cases) {
            for (Map.Entry<String, String> source : sources.apply(fixture).entrySet()) {
                String relative = fixture.packageName().replace('.', '/') + "/" + source.getKey();
                String pkg = relative.substring(0, relative.lastIndexOf('/')).replace('/', '.');
                Path file = root.resolve("src").resolve(relative);
                Files.createDirectories(file.getParent());
                Files.writeString(file, "package " + pkg + ";\n" + source.getValue() + "\n", StandardCharsets.UTF_8);
                files.add(file);
            }
        }
        FixtureCompiler.compile(files, classes);
        return classes;
    }
}
