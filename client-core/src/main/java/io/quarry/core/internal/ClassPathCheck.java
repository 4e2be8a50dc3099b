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
 * the fix. Frameworks' dependency management is the usual cause: Spring Boot 3 pins {@code jackson-annotations},
 * which Jackson 3 shares with Jackson 2, to an older line than Jackson 3 needs.
 *
 * <p>Jackson 3.N's databind needs {@code jackson-annotations} 2.(20 + N) or newer (3.0 needs 2.20, 3.1 2.21, 3.2
 * 2.22), so the requirement follows the databind actually on the class path: a framework that manages both (Spring
 * Boot 4 pins Jackson 3.1 with annotations 2.21) passes.
 */
public final class ClassPathCheck {

    static final String ANNOTATIONS = "com.fasterxml.jackson.core:jackson-annotations";
    static final String DATABIND = "tools.jackson.core:jackson-databind";

    /**
     * A library requirement checked by a class that the oldest working version introduced.
     *
     * @param artifact the Maven coordinates users declare
     * @param minimum the oldest version that works
     * @param marker a class that version introduced
     * @param why what needs it
     */
    record Requirement(String artifact, String minimum, String marker, String why) {}

    static final List<Requirement> REQUIREMENTS = List.of(
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
            ThisClassPath classPath = new ThisClassPath();
            List<String> problems = problems(classPath, classPath);
            if (!problems.isEmpty()) {
                throw new ConfigurationException(String.join("\n", problems));
            }
            passed = true;
        }
    }

    /**
     * {@return one message for each requirement not met, empty when all are}
     *
     * @param present whether a class can be loaded
     * @param versionFound the version of an artifact on the class path, or {@code null} if unknown
     */
    static List<String> problems(Predicate<String> present, Function<String, String> versionFound) {
        List<String> problems = new ArrayList<>();
        String annotations = versionFound.apply(ANNOTATIONS);
        String needed = annotationsNeededBy(versionFound.apply(DATABIND));
        if (annotations != null && needed != null && compare(annotations, needed) < 0) {
            problems.add(message(
                    ANNOTATIONS, needed, "Jackson 3 shares it with Jackson 2, and its databind needs it", annotations));
        }
        for (Requirement requirement : REQUIREMENTS) {
            if (!present.test(requirement.marker())) {
                problems.add(message(
                        requirement.artifact(),
                        requirement.minimum(),
                        requirement.why(),
                        versionFound.apply(requirement.artifact())));
            }
        }
        return problems;
    }

    /** {@return the jackson-annotations version a Jackson 3 databind version needs, or {@code null} if unknown} */
    static String annotationsNeededBy(String databindVersion) {
        if (databindVersion == null) {
            return null;
        }
        String[] parts = parts(databindVersion);
        try {
            return parts.length >= 2 && parts[0].equals("3") ? "2." + (20 + Integer.parseInt(parts[1])) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Compares dotted versions numerically, part by part ({@code 2.9 < 2.19}); a missing part counts as 0. */
    static int compare(String left, String right) {
        String[] a = parts(left);
        String[] b = parts(right);
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            int x = i < a.length ? leadingNumber(a[i]) : 0;
            int y = i < b.length ? leadingNumber(b[i]) : 0;
            if (x != y) {
                return Integer.compare(x, y);
            }
        }
        return 0;
    }

    /** The parts of a version between dots and dashes ({@code split("[.-]")} without a regular expression). */
    private static String[] parts(String version) {
        List<String> parts = new ArrayList<>(4);
        int from = 0;
        for (int i = 0; i <= version.length(); i++) {
            if (i == version.length() || version.charAt(i) == '.' || version.charAt(i) == '-') {
                parts.add(version.substring(from, i));
                from = i + 1;
            }
        }
        // as split does, trailing empty parts are dropped
        int size = parts.size();
        while (size > 0 && parts.get(size - 1).isEmpty()) {
            size--;
        }
        return parts.subList(0, size).toArray(new String[0]);
    }

    private static int leadingNumber(String part) {
        int end = 0;
        while (end < part.length() && Character.isDigit(part.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(part.substring(0, Math.min(end, 9)));
    }

    private static String message(String artifact, String minimum, String why, String found) {
        return "Quarry needs " + artifact + " " + minimum + " or newer (" + why + "), but the class path has "
                + (found == null ? "an older version" : found) + ". Fix: declare " + artifact + ":" + minimum
                + " or newer in your dependencyManagement, before any imported BOM that pins it (Maven), or as a "
                + "dependency constraint (Gradle).";
    }

    /**
     * The class path this class was loaded from, answering both questions of {@link #problems}: one small class
     * rather than two lambdas, each of which a client's creation would pay a class spun at run time for.
     */
    private static final class ThisClassPath implements Predicate<String>, Function<String, String> {
        @Override
        public boolean test(String className) {
            return present(className);
        }

        @Override
        public String apply(String artifact) {
            return versionFound(artifact);
        }
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, ClassPathCheck.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * The version of an artifact on the class path: for the two Jackson artifacts always checked, what databind
     * compiles in and what the annotations' manifest says when it is theirs (both free: read with the classes),
     * else the artifact's Maven metadata (a resource, whose look-up opens the jar when nothing was read from it yet,
     * as with class-data sharing).
     *
     * @param artifact Maven coordinates
     * @return the version, or {@code null}
     */
    static String versionFound(String artifact) {
        String known = null;
        if (artifact.equals(DATABIND)) {
            known = databindVersion();
        } else if (artifact.equals(ANNOTATIONS)) {
            known = manifestVersion("com.fasterxml.jackson.annotation.JsonProperty", "Jackson-annotations");
        }
        return known != null ? known : pomVersion(artifact);
    }

    private static String databindVersion() {
        try {
            String version = tools.jackson.databind.cfg.PackageVersion.VERSION.toString();
            return version.isEmpty() || version.startsWith("0.0.0") ? null : version;
        } catch (LinkageError e) {
            return null;
        }
    }

    /** {@return the {@code Implementation-Version} of a class's package when its manifest has the given title} */
    private static String manifestVersion(String className, String title) {
        try {
            Package pkg = Class.forName(className, false, ClassPathCheck.class.getClassLoader())
                    .getPackage();
            return pkg != null && title.equals(pkg.getImplementationTitle()) ? pkg.getImplementationVersion() : null;
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    /**
     * {@return the version in the artifact's Maven metadata on the class path, or {@code null}}
     *
     * @param artifact Maven coordinates
     */
    static String pomVersion(String artifact) {
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
