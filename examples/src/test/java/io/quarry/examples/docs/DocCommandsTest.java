package io.quarry.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What the Markdown pages tell people to run exists: the scripts and patches they name, and, in each {@code ./mvnw}
 * command, the modules ({@code -pl}), the profiles ({@code -P}), the test classes and methods ({@code -Dtest}) and the
 * project's own properties ({@code -Dquarry.*}). It does not run them (some take minutes, some need Docker); it
 * catches a command left behind when a test, profile or script is renamed. The changelog is left out: its commands
 * are history.
 */
class DocCommandsTest {

    private static final Path ROOT = Path.of(System.getProperty("quarry.repository.root", ".."))
            .toAbsolutePath()
            .normalize();

    private static final Pattern FENCE = Pattern.compile("^\\s*```(\\w*)");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern SCRIPT =
            Pattern.compile("(?<![\\w./-])(\\.ci/[\\w-]+(?:\\.sh)?|\\./demo|[\\w-]+(?:/[\\w.-]+)+\\.(?:sh|patch))\\b");
    private static final Pattern MODULES = Pattern.compile("\\s-pl\\s+([\\w,/-]+)");
    private static final Pattern PROFILES = Pattern.compile("\\s-P\\s*([\\w,-]+)");
    private static final Pattern TESTS = Pattern.compile("\\s-Dtest=['\"]?([^'\"\\s]+)");
    private static final Pattern PROPERTY = Pattern.compile("\\s-D(quarry\\.[\\w.]+)");
    /** A {@code quarry.*} name as a build or a test writes it, whole: not preceded by a name's character. */
    private static final Pattern PROPERTY_NAME = Pattern.compile("(?<![\\w.-])quarry\\.[\\w.-]*");

    private static final Pattern PROFILE_ID =
            Pattern.compile("<profile>(?:(?!</profile>).)*?<id>([^<]+)</id>", Pattern.DOTALL);

    @Test
    void everyScriptModuleProfileTestAndPropertyACommandNamesExists() throws IOException {
        Set<String> profiles = new LinkedHashSet<>();
        Map<String, Path> tests = new HashMap<>();
        Set<String> propertiesRead = new HashSet<>();
        List<Path> files = files();
        for (Path file : files) {
            String name = file.getFileName().toString();
            if (name.equals("pom.xml")) {
                String pom = Files.readString(file);
                Matcher id = PROFILE_ID.matcher(pom);
                while (id.find()) {
                    profiles.add(id.group(1).strip());
                }
                addPropertyNames(pom, propertiesRead);
            } else if (name.endsWith(".java")) {
                if (file.toString().contains("/src/test/")) {
                    tests.put(name.substring(0, name.length() - ".java".length()), file);
                }
                addPropertyNames(Files.readString(file), propertiesRead);
            } else if (ROOT.relativize(file).startsWith(".ci")) {
                addPropertyNames(Files.readString(file), propertiesRead);
            }
        }
        assertThat(profiles).as("profiles of the poms").contains("containers", "soak");
        assertThat(tests).as("test classes").containsKey("DocCommandsTest");

        List<String> missing = new ArrayList<>();
        int commands = 0;
        for (Path page : pages(files)) {
            String where = ROOT.relativize(page).toString();
            for (String command : commands(Files.readAllLines(page))) {
                commands++;
                Matcher script = SCRIPT.matcher(command);
                while (script.find()) {
                    // from the repository's root, as the commands run, or beside the page, as a link reads
                    if (!Files.isRegularFile(ROOT.resolve(script.group(1)))
                            && !Files.isRegularFile(page.resolveSibling(script.group(1)))) {
                        missing.add(where + ": no script or patch " + script.group(1));
                    }
                }
                if (!command.contains("./mvnw")) {
                    continue;
                }
                for (String module : all(MODULES, command)) {
                    if (!Files.isRegularFile(ROOT.resolve(module).resolve("pom.xml"))) {
                        missing.add(where + ": no module " + module + " in: " + command);
                    }
                }
                for (String profile : all(PROFILES, command)) {
                    if (!profiles.contains(profile)) {
                        missing.add(where + ": no profile " + profile + " in: " + command);
                    }
                }
                for (String test : all(TESTS, command)) {
                    String problem = testProblem(test, tests);
                    if (problem != null) {
                        missing.add(where + ": " + problem + " in: " + command);
                    }
                }
                Matcher property = PROPERTY.matcher(command);
                while (property.find()) {
                    if (!propertiesRead.contains(property.group(1))) {
                        missing.add(where + ": no build or test reads " + property.group(1) + " in: " + command);
                    }
                }
            }
        }
        assertThat(commands).as("commands found").isGreaterThan(20);
        assertThat(missing)
                .as("what the docs' commands name and the project lacks")
                .isEmpty();
    }

    /** The fenced shell blocks' lines and the code spans of the rest, each a command to check. */
    static List<String> commands(List<String> lines) {
        List<String> commands = new ArrayList<>();
        String fence = null;
        for (String line : lines) {
            Matcher open = FENCE.matcher(line);
            if (open.find()) {
                fence = fence == null ? open.group(1) : null;
                continue;
            }
            if (fence != null) {
                if (fence.isEmpty() || fence.equals("bash") || fence.equals("sh")) {
                    commands.add(" " + line);
                }
                continue;
            }
            Matcher span = CODE_SPAN.matcher(line);
            while (span.find()) {
                commands.add(" " + span.group(1));
            }
        }
        return commands;
    }

    private static String testProblem(String pattern, Map<String, Path> tests) throws IOException {
        for (String one : pattern.split(",")) {
            if (one.startsWith("!")) {
                continue;
            }
            String[] classAndMethod = one.split("#", 2);
            String simpleName = classAndMethod[0].substring(classAndMethod[0].lastIndexOf('/') + 1);
            Pattern glob = Pattern.compile(simpleName.replace("*", "\\w*"));
            List<Path> matches = tests.entrySet().stream()
                    .filter(test -> glob.matcher(test.getKey()).matches())
                    .map(Map.Entry::getValue)
                    .toList();
            if (matches.isEmpty()) {
                return "no test class " + classAndMethod[0];
            }
            if (classAndMethod.length == 2
                    && !Files.readString(matches.get(0)).contains(" " + classAndMethod[1] + "(")) {
                return "no test method " + one;
            }
        }
        return null;
    }

    private static List<String> all(Pattern pattern, String command) {
        List<String> found = new ArrayList<>();
        Matcher matcher = pattern.matcher(command);
        while (matcher.find()) {
            found.addAll(List.of(matcher.group(1).split(",")));
        }
        return found;
    }

    /**
     * Adds each {@code quarry.*} name the text holds whole: a name that only begins a longer one is not read there.
     * One pass a file: a search of every file's text for each property the pages name took two thirds of the class's
     * CPU.
     */
    private static void addPropertyNames(String text, Set<String> names) {
        Matcher name = PROPERTY_NAME.matcher(text);
        while (name.find()) {
            names.add(name.group());
        }
    }

    private static List<Path> pages(List<Path> files) {
        return files.stream()
                .filter(p -> p.toString().endsWith(".md"))
                .filter(p -> !p.equals(ROOT.resolve("CHANGELOG.md")))
                .toList();
    }

    /**
     * The repository's files, without Git's and the builds' own: the walk does not enter {@code .git}, any
     * {@code target} or any {@code node_modules} (thousands of class files and objects it would only filter out).
     */
    private static List<Path> files() throws IOException {
        List<Path> files = new ArrayList<>();
        Files.walkFileTree(ROOT, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
                String name = directory.getFileName() == null
                        ? ""
                        : directory.getFileName().toString();
                boolean skipped = directory.equals(ROOT.resolve(".git"))
                        || name.equals("target")
                        || name.endsWith("node_modules");
                return skipped ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (attributes.isRegularFile()) {
                    files.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        files.sort(null);
        return files;
    }
}
