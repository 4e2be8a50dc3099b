package io.quarry.examples.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The release command as docs/releasing.md gives it (its first line that starts with {@code ./mvnw}), so that the
 * rehearsal runs what a person releasing would run.
 *
 * @param words the command, one argument per element
 */
record ReleaseCommand(List<String> words) {

    private static final String REVISION = "-Drevision=";

    /**
     * Reads the command from the release document.
     *
     * @param releasing docs/releasing.md
     * @return its command
     */
    static ReleaseCommand documentedIn(Path releasing) {
        try {
            return parse(Files.readAllLines(releasing));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Finds the command among a document's lines.
     *
     * @param lines the document
     * @return its first line that starts with {@code ./mvnw}, split into words
     */
    static ReleaseCommand parse(List<String> lines) {
        String line = lines.stream()
                .map(String::strip)
                .filter(candidate -> candidate.startsWith("./mvnw "))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no line starts with ./mvnw"));
        return new ReleaseCommand(List.of(line.split("\\s+")));
    }

    /** {@return the version the command releases} */
    String version() {
        return words.stream()
                .filter(word -> word.startsWith(REVISION))
                .map(word -> word.substring(REVISION.length()))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("the command sets no " + REVISION + ": " + words));
    }

    /**
     * The same command for another version.
     *
     * @param version the version to release instead
     * @return the command
     */
    ReleaseCommand withVersion(String version) {
        version(); // fails if there is no version to replace
        return new ReleaseCommand(words.stream()
                .map(word -> word.startsWith(REVISION) ? REVISION + version : word)
                .toList());
    }

    /**
     * The same command with more arguments at its end.
     *
     * @param more the arguments
     * @return the command
     */
    ReleaseCommand with(String... more) {
        List<String> all = new ArrayList<>(words);
        all.addAll(Arrays.asList(more));
        return new ReleaseCommand(List.copyOf(all));
    }
}
