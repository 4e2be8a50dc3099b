package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.internal.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads seed documents from disk. A file is a seed document ({@code {"indices": {...}, "keys": [...]}}). In a
 * directory, every {@code *.json} file is read in name order: a seed document as such (an object holding
 * {@code indices} or {@code keys}: one of keys alone was read as an index named after the file, and seeded no key),
 * any other JSON object as the seed of the
 * index named after the file ({@code products.json} -> {@code products}: {@code {"settings", "synonyms", "rules",
 * "records"}}), and a JSON array as that index's records.
 */
public final class SeedFiles {

    private SeedFiles() {}

    /**
     * {@return the seed documents it holds, each named by its file}
     *
     * @param path a file or directory
     * @throws IllegalArgumentException when a file is not JSON or not a seed
     * @throws UncheckedIOException when it cannot be read
     */
    public static List<SeedDocument> read(Path path) {
        try {
            if (!Files.isDirectory(path)) {
                return List.of(new SeedDocument("the seed file " + path, asDocument(path, false)));
            }
            List<SeedDocument> documents = new ArrayList<>();
            try (Stream<Path> files = Files.list(path)) {
                for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json"))
                        .sorted()
                        .toList()) {
                    documents.add(new SeedDocument("the seed file " + file, asDocument(file, true)));
                }
            }
            return documents;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the seed " + path, e);
        }
    }

    private static String at(JacksonException e) {
        TokenStreamLocation location = e.getLocation();
        return location == null || location.getLineNr() < 1
                ? ""
                : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }

    private static ObjectNode asDocument(Path file, boolean namedByFile) throws IOException {
        JsonNode json;
        try {
            json = Json.parse(Files.readAllBytes(file));
        } catch (StreamConstraintsException e) {
            // valid JSON, perhaps, but past a bound of the parser (nesting, a number's or a string's length)
            throw new IllegalArgumentException(
                    "the seed file " + file + " cannot be read" + at(e) + ": " + e.getOriginalMessage(), e);
        } catch (JacksonException e) {
            // where, not what: the text there may be a key
            throw new IllegalArgumentException("the seed file " + file + " is not valid JSON" + at(e), e);
        }
        if (json.isObject() && (json.has("indices") || json.has("keys"))) {
            return (ObjectNode) json;
        }
        if (!namedByFile || !(json.isObject() || json.isArray())) {
            throw new IllegalArgumentException("the seed file " + file + " is not {\"indices\": {...}}");
        }
        String fileName = file.getFileName().toString();
        String indexName = fileName.substring(0, fileName.length() - ".json".length());
        ObjectNode index = json.isArray() ? Json.object().set("records", json) : (ObjectNode) json;
        ObjectNode document = Json.object();
        document.putObject("indices").set(indexName, index);
        return document;
    }
}
