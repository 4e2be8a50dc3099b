package io.quarry.examples.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Turns one module's Javadoc samples into Java files (see {@link JavadocSamplesTest} for the rules), each with the
 * imports a reader of the sample has in mind: a package-info, top-level types, or the body of a class extending
 * {@link JavadocSampleContext}. The sample's lines keep their order and count, so a line of the file names a line of
 * the sample.
 */
final class JavadocSampleUnits {

    /** What a sample uses from the JDK without saying so. */
    private static final List<String> JDK_PACKAGES = List.of(
            "java.nio.file",
            "java.time",
            "java.util",
            "java.util.concurrent",
            "java.util.function",
            "java.util.stream");

    /**
     * What a sample names from another module or library, as its reader would import it; imported only where the
     * sample's file and module leave the simple name free.
     */
    private static final List<String> ELSEWHERE = List.of(
            "com.fasterxml.jackson.annotation.JsonCreator",
            "io.micrometer.core.instrument.MeterRegistry",
            "io.micrometer.observation.ObservationRegistry",
            "io.quarry.core.ClientConfig",
            "io.quarry.core.Credentials",
            "io.quarry.core.Host",
            "io.quarry.core.RequestOptions",
            "io.quarry.insights.model.EventsResponse",
            "io.quarry.insights.model.InsightsEvent",
            "io.quarry.monitoring.MonitoringClient",
            "io.quarry.search.BatchOptions",
            "io.quarry.search.SearchClient",
            "io.quarry.search.SearchIndex",
            "io.quarry.search.model.ClusterSummary",
            "io.quarry.search.model.ObjectUpdatedResponse",
            "io.quarry.search.model.SearchQuery",
            "io.quarry.search.model.SearchResponse",
            "io.quarry.search.model.WriteSummary",
            "org.junit.jupiter.api.Test",
            "org.junit.jupiter.api.extension.ExtendWith",
            "org.junit.jupiter.api.extension.RegisterExtension",
            "org.springframework.beans.factory.annotation.Autowired",
            "org.springframework.boot.test.context.SpringBootTest",
            "org.springframework.boot.testcontainers.service.connection.ServiceConnection",
            "org.springframework.context.annotation.Bean",
            "org.testcontainers.junit.jupiter.Container",
            "org.testcontainers.junit.jupiter.Testcontainers");

    private static final Pattern IMPORT =
            Pattern.compile("^import\\s+(static\\s+)?([\\w.]+?)(\\.\\*)?\\s*;", Pattern.MULTILINE);
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final String MODIFIERS =
            "(?:(?:public|protected|private|abstract|static|final|sealed|non-sealed|default|synchronized)\\s+)";
    /** A type declared at the sample's top level: the sample is a compilation unit. */
    private static final Pattern TYPE = Pattern.compile(
            "^" + MODIFIERS + "*(?:class|interface|enum|record|@interface)\\s+(\\w+)", Pattern.MULTILINE);
    /** A field or method at the sample's top level, after any annotation lines: the sample is class members. */
    private static final Pattern MEMBER = Pattern.compile("^(?:" + MODIFIERS
            + "|[\\w<>\\[\\]?, .]+\\s+\\w+\\s*\\([^;]*\\)\\s*" + "(?:throws\\s+[\\w., ]+)?\\{\\s*$)");

    private static final Pattern ANNOTATION_LINE = Pattern.compile("^@\\w+(?:\\(.*\\))?\\s*$");
    /** {@code ...} standing for code left out: alone, or between braces or spaces; not a varargs' dots. */
    private static final Pattern ELISION = Pattern.compile("(?<=^|[\\s{])\\.\\.\\.(?=$|[\\s}])", Pattern.MULTILINE);

    private final String module;
    private final List<String> packages;
    private final Set<String> moduleTypes;

    private JavadocSampleUnits(String module, List<String> packages, Set<String> moduleTypes) {
        this.module = module;
        this.packages = packages;
        this.moduleTypes = moduleTypes;
    }

    /**
     * Reads a module's packages: those of its main sources, but its {@code internal} ones, which no sample may use.
     *
     * @param root the repository root
     * @param module the module's directory relative to the root
     */
    static JavadocSampleUnits of(Path root, String module) throws IOException {
        Path sources = root.resolve(module).resolve("src/main/java");
        Set<String> packages = new TreeSet<>();
        Set<String> types = new TreeSet<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(JavadocSampleUnits::isTypeSource).toList()) {
                String pkg = sources.relativize(file.getParent())
                        .toString()
                        .replace(file.getFileSystem().getSeparator(), ".");
                if (!pkg.matches("(.*\\.)?internal(\\..*)?")) {
                    packages.add(pkg);
                    types.add(file.getFileName().toString().replace(".java", ""));
                }
            }
        }
        return new JavadocSampleUnits(module, List.copyOf(packages), types);
    }

    /** The module's Java sources, each relative to the root. */
    static List<Path> sources(Path root, String module) throws IOException {
        try (Stream<Path> files = Files.walk(root.resolve(module).resolve("src/main/java"))) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .map(root::relativize)
                    .sorted()
                    .toList();
        }
    }

    /**
     * A sample as a Java file.
     *
     * @param sample a sample of one of the module's files
     * @param fileText the text of that file, whose imports the sample gets
     */
    SourceUnit unit(Snippet sample, String fileText) {
        String fileName = Path.of(sample.page()).getFileName().toString().replace(".java", "");
        String sampleName = fileName.replace("-", "") + "Line" + sample.line();
        String modulePackage =
                "jdsamples." + module.replaceAll("[^A-Za-z0-9]", "").toLowerCase(Locale.ROOT);
        String code = ELISION.matcher(sample.code()).replaceAll("/* ... */");
        Matcher declared = PACKAGE.matcher(code);
        if (declared.find()) {
            // a package-info.java, with its own imports: in a package of its own, so that it marks no real one
            String packageName = modulePackage + "." + sampleName.toLowerCase(Locale.ROOT);
            String text = code.substring(0, declared.start(1)) + packageName + code.substring(declared.end(1));
            return new SourceUnit(sample, "package-info", packageName, text, 0);
        }
        Matcher type = TYPE.matcher(sample.code());
        if (type.find()) {
            // top-level types, as their reader writes them: each such sample in a package of its own
            String packageName = modulePackage + "." + sampleName.toLowerCase(Locale.ROOT);
            String before = "package " + packageName + ";\n" + imports(fileText, fileName);
            return new SourceUnit(sample, type.group(1), packageName, before + code, lines(before));
        }
        StringBuilder before =
                new StringBuilder("package " + modulePackage + ";\n").append(imports(fileText, fileName));
        if (!code.equals(sample.code())) {
            before.append("@SuppressWarnings(\"try\") // the code left out is what uses a try's resource\n");
        }
        before.append("abstract class ")
                .append(sampleName)
                .append(" extends ")
                .append(JavadocSampleContext.class.getName())
                .append(" {\n");
        boolean statements = !startsWithMember(sample.code());
        if (statements) {
            before.append("void sample() throws Exception {\n");
        }
        String text = before + code + (statements ? "}\n}\n" : "}\n");
        return new SourceUnit(sample, sampleName, modulePackage, text, lines(before.toString()));
    }

    /**
     * The file's own imports and member types, every package of the module, the JDK's usual packages, and the types
     * of elsewhere whose names the file and module leave free.
     */
    private String imports(String fileText, String fileName) {
        StringBuilder text = new StringBuilder();
        Matcher filePackage = PACKAGE.matcher(fileText);
        if (filePackage.find() && !fileName.equals("package-info")) {
            text.append("import ")
                    .append(filePackage.group(1))
                    .append('.')
                    .append(fileName)
                    .append(".*;\n");
        }
        Set<String> taken = new LinkedHashSet<>(moduleTypes);
        Matcher imports = IMPORT.matcher(fileText);
        while (imports.find()) {
            text.append(imports.group()).append('\n');
            if (imports.group(1) == null && imports.group(3) == null) {
                taken.add(simpleName(imports.group(2)));
            }
        }
        Stream.concat(packages.stream(), JDK_PACKAGES.stream())
                .forEach(pkg -> text.append("import ").append(pkg).append(".*;\n"));
        for (String type : ELSEWHERE) {
            if (taken.add(simpleName(type))) {
                text.append("import ").append(type).append(";\n");
            }
        }
        return text.toString();
    }

    /** Whether the sample starts with a field or a method (after any annotation lines) rather than a statement. */
    private static boolean startsWithMember(String code) {
        for (String line : code.lines().toList()) {
            if (line.isBlank()
                    || line.startsWith("//")
                    || ANNOTATION_LINE.matcher(line).matches()) {
                continue;
            }
            return MEMBER.matcher(line).find();
        }
        return false;
    }

    private static boolean isTypeSource(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".java") && !name.equals("package-info.java") && !name.equals("module-info.java");
    }

    private static int lines(String text) {
        return (int) text.lines().count();
    }

    private static String simpleName(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
