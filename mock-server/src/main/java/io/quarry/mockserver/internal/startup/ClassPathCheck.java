package io.quarry.mockserver.internal.startup;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * Stops the mock server before it starts when a library it runs on is older than it needs, with a message naming
 * the artifact, the version found, the version needed and the fix; otherwise the first JSON it reads fails deep
 * inside Jackson with a {@link NoClassDefFoundError} (such as {@code com/fasterxml/jackson/annotation/JsonSerializeAs})
 * that names neither. Frameworks' dependency management is the usual cause: Spring Boot 3 pins
 * {@code jackson-annotations}, which Jackson 3 shares with Jackson 2, to an older line than Jackson 3 needs.
 *
 * <p>Jackson 3.N's databind needs {@code jackson-annotations} 2.(20 + N) or newer, so the requirement follows the
 * databind actually on the class path. The versions are read from the artifacts' Maven metadata; an artifact
 * without it (a repackaged jar) is not judged.
 */
public final class ClassPathCheck {

    static final String ANNOTATIONS = "com.fasterxml.jackson.core:jackson-annotations";
    static final String DATABIND = "tools.jackson.core:jackson-databind";

    /** A class of each artifact checked, which finds the jar that holds its Maven metadata. */
    private static final Map<String, String> CLASS_OF = Map.of(
            ANNOTATIONS, "com.fasterxml.jackson.annotation.JsonProperty",
            DATABIND, "tools.jackson.databind.JsonNode");

    private static volatile boolean passed;

    private ClassPathCheck() {}

    /**
     * Checks the class path once per class loader.
     *
     * @throws IllegalStateException naming the artifact, the version found, the version needed and the fix
     */
    public static void requireCompatible() {
        if (!passed) {
            List<String> problems = problems(ClassPathCheck::versionFound);
            if (!problems.isEmpty()) {
                throw new IllegalStateException(String.join("\n", problems));
            }
            passed = true;
        }
    }

    /**
     * {@return one message for each requirement not met, empty when all are}
     *
     * @param versionFound the version of an artifact on the class path, or {@code null} if unknown
     */
    static List<String> problems(Function<String, String> versionFound) {
        List<String> problems = new ArrayList<>();
        String annotations = versionFound.apply(ANNOTATIONS);
        String needed = annotationsNeededBy(versionFound.apply(DATABIND));
        if (annotations != null && needed != null && compare(annotations, needed) < 0) {
            problems.add("Quarry's mock server needs " + ANNOTATIONS + " " + needed + " or newer (Jackson 3 shares it"
                    + " with Jackson 2, and its databind needs it), but the class path has " + annotations
                    + ". Fix: declare " + ANNOTATIONS + ":" + needed + " or newer in your dependencyManagement, before"
                    + " any imported BOM that pins it (Maven), or as a dependency constraint (Gradle).");
        }
        return problems;
    }

    /** {@return the jackson-annotations version a Jackson 3 databind version needs, or {@code null} if unknown} */
    static String annotationsNeededBy(String databindVersion) {
        if (databindVersion == null) {
            return null;
        }
        String[] parts = databindVersion.split("[.-]");
        try {
            return parts.length >= 2 && parts[0].equals("3") ? "2." + (20 + Integer.parseInt(parts[1])) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Compares dotted versions numerically, part by part ({@code 2.9 < 2.19}); a missing part counts as 0. */
    static int compare(String left, String right) {
        String[] a = left.split("[.-]");
        String[] b = right.split("[.-]");
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            int x = i < a.length ? leadingNumber(a[i]) : 0;
            int y = i < b.length ? leadingNumber(b[i]) : 0;
            if (x != y) {
                return Integer.compare(x, y);
            }
        }
        return 0;
    }

    private static int leadingNumber(String part) {
        int end = 0;
        while (end < part.length() && Character.isDigit(part.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(part.substring(0, Math.min(end, 9)));
    }

    /** {@return the version in the artifact's Maven metadata on the class path, or {@code null}} */
    static String versionFound(String artifact) {
        String[] coordinates = artifact.split(":");
        String path = "META-INF/maven/" + coordinates[0] + "/" + coordinates[1] + "/pom.properties";
        try {
            File jar = jarOf(CLASS_OF.get(artifact));
            return jar != null ? versionIn(jar, path) : versionAt(path);
        } catch (IOException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    /**
     * {@return the jar file a class was loaded from, or {@code null} when it came from elsewhere (a directory, a jar
     *     within a jar)}
     */
    private static File jarOf(String className) {
        try {
            Class<?> type = Class.forName(className, false, ClassPathCheck.class.getClassLoader());
            CodeSource source = type.getProtectionDomain().getCodeSource();
            URL location = source == null ? null : source.getLocation();
            if (location == null || !location.getProtocol().equals("file")) {
                return null;
            }
            File file = new File(location.toURI());
            return file.isFile() ? file : null;
        } catch (ClassNotFoundException | URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Reads the metadata straight from the jar: about 2 ms in a fresh JVM, where a class-path resource's URL costs
     * about 9 (measured opening the benchmarks' 33 MB jar twice against two resource URLs, 5 fresh JVMs each).
     */
    private static String versionIn(File file, String path) throws IOException {
        try (JarFile jar = new JarFile(file, false)) {
            ZipEntry entry = jar.getEntry(path);
            if (entry == null) {
                return null;
            }
            try (InputStream in = jar.getInputStream(entry)) {
                return version(in);
            }
        }
    }

    /** {@return the version in the metadata found as a class-path resource, or {@code null}} */
    private static String versionAt(String path) throws IOException {
        URL url = ClassPathCheck.class.getClassLoader().getResource(path);
        if (url == null) {
            return null;
        }
        try (InputStream in = url.openStream()) {
            return version(in);
        }
    }

    private static String version(InputStream in) throws IOException {
        Properties properties = new Properties();
        properties.load(in);
        return properties.getProperty("version");
    }
}
