package io.quarry.core.internal;

import io.quarry.core.ConfigurationException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Fails fast, when a client is created, if a library Quarry runs on is older than it needs: otherwise the first
 * call fails deep inside Jackson or OkHttp with a {@link NoClassDefFoundError} that names neither the artifact nor
 * the fix. Frameworks' dependency management is the usual cause (Spring Boot 3 pins {@code jackson-annotations},
 * which Jackson 3 shares with Jackson 2, to an older line).
 */
public final class ClassPathCheck {

    /**
     * One library requirement: a class that the oldest working version introduced.
     *
     * @param artifact the Maven coordinates users declare
     * @param minimum the oldest version that works
     * @param marker a class that version introduced
     * @param why what needs it
     */
    record Requirement(String artifact, String minimum, String marker, String why) {}

    static final List<Requirement> REQUIREMENTS = List.of(
            new Requirement(
                    "com.fasterxml.jackson.core:jackson-annotations",
                    "2.22",
                    // Jackson 3.2's databind loads it (2.21 lacks it and 2.20 also lacks JsonSerializeAs).
                    "com.fasterxml.jackson.annotation.JsonApplyView",
                    "Jackson 3 shares this artifact with Jackson 2"),
            new Requirement(
                    "org.jetbrains.kotlin:kotlin-stdlib", "1.9", "kotlin.enums.EnumEntries", "OkHttp 5 needs it"),
            new Requirement("com.squareup.okio:okio-jvm", "3.0", "okio.FileSystem", "OkHttp 5 needs it"));

    private static volatile boolean passed;

    private ClassPathCheck() {}

    /**
     * Checks the class path once per class loader.
     *
     * @throws ConfigurationException naming the artifact, the version found and the fix
     */
    public static void requireCompatible() {
        if (!passed) {
            List<String> problems = problems(ClassPathCheck::present, ClassPathCheck::versionFound);
            if (!problems.isEmpty()) {
                throw new ConfigurationException(String.join("\n", problems));
            }
            passed = true;
        }
    }

    /**
     * @param present whether a class can be loaded
     * @param versionFound the version of an artifact on the class path, or {@code null} if unknown
     * @return one message for each requirement not met, empty when all are
     */
    static List<String> problems(Predicate<String> present, Function<String, String> versionFound) {
        List<String> problems = new ArrayList<>();
        for (Requirement requirement : REQUIREMENTS) {
            if (!present.test(requirement.marker())) {
                String found = versionFound.apply(requirement.artifact());
                problems.add("Quarry needs " + requirement.artifact() + " " + requirement.minimum()
                        + " or newer (" + requirement.why() + "), but the class path has "
                        + (found == null ? "an older version" : found)
                        + ". Fix: declare " + requirement.artifact() + ":" + requirement.minimum()
                        + " or newer in your dependencyManagement, before any imported BOM that pins it "
                        + "(Maven), or as a dependency constraint (Gradle).");
            }
        }
        return problems;
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, ClassPathCheck.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** @return the version in the artifact's Maven metadata on the class path, or {@code null} */
    private static String versionFound(String artifact) {
        String[] coordinates = artifact.split(":");
        String path = "META-INF/maven/" + coordinates[0] + "/" + coordinates[1] + "/pom.properties";
        try {
            URL url = ClassPathCheck.class.getClassLoader().getResource(path);
            if (url == null) {
                return null;
            }
            try (InputStream in = url.openStream()) {
                Properties properties = new Properties();
                properties.load(in);
                return properties.getProperty("version");
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
