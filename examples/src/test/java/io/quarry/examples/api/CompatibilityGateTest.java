package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The gate's classification, on two versions of a tiny API compiled here: a change that breaks callers fails a minor
 * release and passes a major one; an addition passes; a change inside an {@code internal} package is not seen.
 */
class CompatibilityGateTest {

    private static final String BASELINE = "1.0.0";

    @TempDir
    static Path work;

    static Stream<Arguments> breakingChanges() {
        return Stream.of(
                Arguments.of(
                        "a removed method",
                        Map.of("fix/Api.java", "public class Api { public void a() {} public void b() {} }"),
                        Map.of("fix/Api.java", "public class Api { public void a() {} }"),
                        "METHOD_REMOVED"),
                Arguments.of(
                        "a changed parameter type",
                        Map.of("fix/Api.java", "public class Api { public void a(int limit) {} }"),
                        Map.of("fix/Api.java", "public class Api { public void a(long limit) {} }"),
                        "METHOD_REMOVED"),
                Arguments.of(
                        "a class made final",
                        Map.of("fix/Api.java", "public class Api { public void a() {} }"),
                        Map.of("fix/Api.java", "public final class Api { public void a() {} }"),
                        "CLASS_NOW_FINAL"),
                Arguments.of(
                        "a removed constant",
                        Map.of("fix/Api.java", "public class Api { public static final int LIMIT = 3; }"),
                        Map.of("fix/Api.java", "public class Api {}"),
                        "FIELD_REMOVED"),
                Arguments.of(
                        "a method made abstract",
                        Map.of("fix/Api.java", "public abstract class Api { public void a() {} }"),
                        Map.of("fix/Api.java", "public abstract class Api { public abstract void a(); }"),
                        "METHOD_NOW_ABSTRACT"),
                Arguments.of(
                        "a checked exception added to throws",
                        Map.of("fix/Api.java", "public class Api { public void a() {} }"),
                        Map.of("fix/Api.java", "public class Api { public void a() throws java.io.IOException {} }"),
                        "METHOD_NOW_THROWS_CHECKED_EXCEPTION"),
                Arguments.of(
                        "an abstract method added to an interface callers implement",
                        Map.of("fix/Listener.java", "public interface Listener { void a(); }"),
                        Map.of("fix/Listener.java", "public interface Listener { void a(); void b(); }"),
                        "METHOD_ADDED_TO_INTERFACE"),
                Arguments.of(
                        "a removed class",
                        Map.of("fix/Api.java", "public class Api {}", "fix/Old.java", "public class Old {}"),
                        Map.of("fix/Api.java", "public class Api {}"),
                        "CLASS_REMOVED"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breakingChanges")
    void aBreakingChangeFailsAMinorReleaseAndPassesAMajorOne(
            String change, Map<String, String> before, Map<String, String> after, String kind) throws IOException {
        CompatibilityGate.Verdict minor = compare(before, after, "1.1.0");
        CompatibilityGate.Verdict major = compare(before, after, "2.0.0-SNAPSHOT");

        assertThat(minor.incompatible())
                .extracting(CompatibilityGate.Change::kind)
                .contains(kind);
        assertThat(minor.passes()).as("1.0.0 -> 1.1.0: %s", minor.describe()).isFalse();
        assertThat(major.passes()).as("1.0.0 -> 2.0.0-SNAPSHOT").isTrue();
    }

    static Stream<Arguments> compatibleChanges() {
        return Stream.of(
                Arguments.of(
                        "an added method",
                        Map.of("fix/Api.java", "public class Api { public void a() {} }"),
                        Map.of("fix/Api.java", "public class Api { public void a() {} public void b() {} }")),
                Arguments.of(
                        "an added class",
                        Map.of("fix/Api.java", "public class Api {}"),
                        Map.of("fix/Api.java", "public class Api {}", "fix/Added.java", "public class Added {}")),
                Arguments.of(
                        "a default method added to an interface",
                        Map.of("fix/Listener.java", "public interface Listener { void a(); }"),
                        Map.of("fix/Listener.java", "public interface Listener { void a(); default void b() {} }")),
                Arguments.of(
                        "an abstract method added to a sealed interface",
                        Map.of(
                                "fix/Event.java", "public sealed interface Event permits Started { long at(); }",
                                "fix/Started.java", "public record Started(long at) implements Event {}"),
                        Map.of(
                                "fix/Event.java",
                                "public sealed interface Event permits Started { long at(); String name(); }",
                                "fix/Started.java",
                                "public record Started(long at, String name) implements Event {"
                                        + " /** @deprecated */ @Deprecated public Started(long at) { this(at, \"\"); } }")),
                Arguments.of(
                        "a class no longer final",
                        Map.of("fix/Api.java", "public final class Api { public void a() {} }"),
                        Map.of("fix/Api.java", "public class Api { public void a() {} }")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("compatibleChanges")
    void aCompatibleChangePassesAMinorRelease(String change, Map<String, String> before, Map<String, String> after)
            throws IOException {
        CompatibilityGate.Verdict verdict = compare(before, after, "1.1.0");

        assertThat(verdict.incompatible()).isEmpty();
        assertThat(verdict.compatible()).as("the changes the gate prints").isNotEmpty();
        assertThat(verdict.passes()).isTrue();
    }

    @Test
    void aChangeInsideAnInternalPackageIsNotSeen() throws IOException {
        Map<String, String> before = Map.of(
                "fix/Api.java", "public class Api {}",
                "fix/internal/Helper.java", "public class Helper { public void a() {} public static final int N = 1; }",
                "fix/internal/deep/Gone.java", "public class Gone {}");
        Map<String, String> after = Map.of(
                "fix/Api.java", "public class Api {}",
                "fix/internal/Helper.java", "public final class Helper { public void a(long n) {} }");

        assertThat(compare(before, after, "1.1.0").changes()).isEmpty();
    }

    @Test
    void theMajorNumberIsTheNumberBeforeTheFirstDot() {
        assertThat(CompatibilityGate.major("1.0.0-SNAPSHOT")).isEqualTo(1);
        assertThat(CompatibilityGate.major("12.3.4")).isEqualTo(12);
        assertThat(CompatibilityGate.major("2-SNAPSHOT")).isEqualTo(2);
    }

    private static CompatibilityGate.Verdict compare(
            Map<String, String> before, Map<String, String> after, String currentVersion) throws IOException {
        return CompatibilityGate.compare(
                new CompatibilityGate.Side(jar(before), BASELINE, List.of()),
                new CompatibilityGate.Side(jar(after), currentVersion, List.of()));
    }

    /** Compiles sources, each given by its path under a package folder and its text after a package line. */
    private static byte[] jar(Map<String, String> sources) throws IOException {
        Path root = Files.createTempDirectory(work, "version");
        Path classes = Files.createDirectories(root.resolve("classes"));
        List<Path> files = new ArrayList<>();
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Path file = root.resolve("src").resolve(source.getKey());
            String pkg = source.getKey()
                    .substring(0, source.getKey().lastIndexOf('/'))
                    .replace('/', '.');
            Files.createDirectories(file.getParent());
            Files.writeString(file, "package " + pkg + ";\n" + source.getValue() + "\n", StandardCharsets.UTF_8);
            files.add(file);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager fileManager =
                javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            boolean compiled = javac.getTask(
                            null,
                            fileManager,
                            diagnostics,
                            List.of("--release", "17", "-proc:none", "-d", classes.toString()),
                            null,
                            fileManager.getJavaFileObjectsFromPaths(files))
                    .call();
            assertThat(compiled)
                    .as("the fixture compiles: %s", diagnostics.getDiagnostics())
                    .isTrue();
        }
        return ClassJar.of(classes);
    }
}
