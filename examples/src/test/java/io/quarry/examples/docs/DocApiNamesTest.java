package io.quarry.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.examples.api.PublishedModules;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the Markdown pages name in code spans exists: a public type of a published module followed by a member
 * ({@code `ClientConfig.Builder.closeTimeout(Duration)`}, {@code `EnvironmentConfig.Variable.CLOSE_TIMEOUT`}) names a
 * member that type has, as its committed API listing shows. A name left behind by a rename, or never there, reads as
 * if a user could call it. Names of other types (the JDK's, a library's, a placeholder's) are not checked. The
 * changelog's entries under "Added" are checked; its other entries are history and may name what was renamed or
 * removed. Java blocks are compiled by {@link ReadmeSnippetsTest} instead.
 */
class DocApiNamesTest {

    private static final Path ROOT = PublishedModules.ROOT;

    private static final Pattern FENCE = Pattern.compile("^\\s*```");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    /** A capitalised name followed by dotted names, not itself part of a longer name, a path or a URL. */
    private static final Pattern REFERENCE = Pattern.compile("(?<![\\w.$/#-])[A-Z]\\w*(?:\\.\\w+)+");

    @Test
    void aNameIsResolvedThroughNestedTypesAndSupertypes() throws IOException {
        ApiNames api = api();
        assertThat(problem(api, "ClientConfig.fromEnvironment")).contains("ClientConfig has no member fromEnvironment");
        assertThat(problem(api, "RequestOptions.withoutGeneratedMembers")).isNotNull();
        assertThat(List.of(
                        "ClientConfig.Builder.closeTimeout", // a nested type's method
                        "EnvironmentConfig.Variable.CLOSE_TIMEOUT", // an enum constant
                        "ClientConfig.DEFAULT_CLOSE_TIMEOUT", // a field
                        "UnreachableHostsException.Attempt.host", // a record component
                        "SearchClient.close", // inherited from a Quarry type
                        "PagedIterable.forEach", // inherited from the JDK
                        "ClientConfig.class",
                        "Duration.ofSeconds")) // not Quarry's
                .allSatisfy(name -> assertThat(problem(api, name)).as(name).isNull());
    }

    @Test
    void everyTypeAndMemberThePagesNameExists() throws IOException {
        ApiNames api = api();
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (Path page : pages()) {
            List<String> lines = Files.readAllLines(page);
            boolean changelog = page.equals(ROOT.resolve("CHANGELOG.md"));
            boolean fenced = false;
            String section = "";
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (FENCE.matcher(line).find()) {
                    fenced = !fenced;
                    continue;
                }
                if (line.startsWith("### ")) {
                    section = line.substring(4).strip();
                }
                if (fenced || changelog && !section.equals("Added")) {
                    continue;
                }
                Matcher span = CODE_SPAN.matcher(line);
                while (span.find()) {
                    Matcher reference = REFERENCE.matcher(span.group(1));
                    while (reference.find()) {
                        String problem = problem(api, reference.group());
                        if (problem != null) {
                            missing.add(ROOT.relativize(page) + ":" + (i + 1) + ": " + problem);
                        }
                        checked +=
                                problem == null && api.isType(reference.group().split("\\.")[0]) ? 1 : 0;
                    }
                }
            }
        }
        assertThat(checked).as("names of the API found in the pages").isGreaterThan(100);
        assertThat(missing).as("names the pages give that the public API lacks").isEmpty();
    }

    /**
     * What is wrong with a dotted name: the longest start of it that is a public type must have the next name as a
     * member. Null when it has, or when no start of it is a public type.
     */
    static String problem(ApiNames api, String reference) {
        String[] parts = reference.split("\\.");
        for (int end = parts.length; end > 0; end--) {
            String type = String.join(".", List.of(parts).subList(0, end));
            if (!api.isType(type)) {
                continue;
            }
            if (end == parts.length || parts[end].equals("class") || parts[end].equals("java")) {
                return null; // the type itself, its literal, or its source file
            }
            return api.hasMember(type, parts[end])
                    ? null
                    : type + " has no member " + parts[end] + " (" + reference + ")";
        }
        return null;
    }

    private static ApiNames api() throws IOException {
        return ApiNames.read(PublishedModules.all().stream()
                .map(module -> ROOT.resolve(module).resolve("api/public-api.txt"))
                .toList());
    }

    private static List<Path> pages() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> file.toString().endsWith(".md"))
                    .filter(file -> {
                        String relative = ROOT.relativize(file).toString().replace('\\', '/');
                        return !relative.startsWith(".")
                                && !relative.startsWith("target/")
                                && !relative.contains("/target/")
                                && !relative.contains("node_modules/");
                    })
                    .sorted()
                    .toList();
        }
    }
}
