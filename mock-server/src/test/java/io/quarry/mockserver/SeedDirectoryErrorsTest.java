package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seed directory's files are checked as one before anything applies; a refusal names the file that holds what was
 * refused, so that among many files the one to fix is known.
 */
class SeedDirectoryErrorsTest {

    @Test
    void aRefusedIndexNamesItsFile(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a-books.json"), jq("[{'objectID': 'b1'}]"));
        Files.writeString(dir.resolve("b-movies.json"), jq("{'records': [{'objectID': 7}]}"));
        Files.writeString(dir.resolve("c-music.json"), jq("[{'objectID': 'm1'}]"));

        assertThatThrownBy(() -> MockServer.builder().seed(dir).start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the seed file " + dir.resolve("b-movies.json"))
                .hasMessageContaining("records[0] of index b-movies");
    }

    @Test
    void aRefusedKeyOfASeedDocumentNamesItsFile(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("indices.json"), jq("{'indices': {'books': {}}}"));
        Files.writeString(dir.resolve("keys.json"), jq("{'indices': {}, 'keys': [{'value': ''}]}"));

        assertThatThrownBy(() -> MockServer.builder().seed(dir).start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the seed file " + dir.resolve("keys.json") + ": ");
    }

    @Test
    void aFileOfAnIndexNoIndexCanHaveIsNamed(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("books.json"), "[]");
        Files.writeString(dir.resolve("..json"), "[]");

        assertThatThrownBy(() -> MockServer.builder().seed(dir).start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the seed file " + dir.resolve("..json") + ": Invalid index name");
    }
}
