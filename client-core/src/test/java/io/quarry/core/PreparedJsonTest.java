package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.internal.Json;
import io.quarry.core.spi.DefaultObjectID;
import io.quarry.core.spi.ObjectIDs;
import io.quarry.core.testing.Article;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.PropertyNamingStrategies;

/** A value serialised ahead: the client's own JSON, measured, written into a body byte for byte. */
class PreparedJsonTest {

    private static final ClientModule MODULE = new ClientModule("Test", "1", DefaultHosts.searchStyle());

    /** A record of the caller's, named by the record mapper. */
    public record Book(String objectID, String bookTitle) {}

    @AutoClose
    private final ApiClient sdk = client(ClientConfig.builder("app", "key"));

    @AutoClose
    private final ApiClient snake = client(ClientConfig.builder("app", "key")
            .recordMapper(mapper -> mapper.propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)));

    @Test
    void holdsTheClientsJsonAndItsSize() {
        Article article = new Article("a1", "Lamp é");

        PreparedJson prepared = sdk.prepare(article);

        assertThat(prepared.json()).isEqualTo(JsonText.write(article));
        assertThat(prepared.size()).isEqualTo(JsonText.write(article).getBytes(StandardCharsets.UTF_8).length);
        assertThat(prepared.objectID()).contains("a1");
        assertThat(snake.prepare(new Book("b1", "Dune")).json())
                .isEqualTo("{\"objectID\":\"b1\",\"book_title\":\"Dune\"}");
        assertThat(prepared).hasToString("PreparedJson[" + prepared.size() + " bytes]");
    }

    @Test
    void isWrittenIntoABodyAsItIs() {
        PreparedJson first = sdk.prepare(Map.of("objectID", "x", "n", 1));
        PreparedJson second = sdk.prepare(DefaultObjectID.of(Map.of("n", 2), "given"));
        Object body = Map.of("requests", List.of(Map.of("body", first), Map.of("body", second)));

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Json.write(body, bytes);

        String expected = "{\"requests\":[{\"body\":" + first.json() + "},{\"body\":" + second.json() + "}]}";
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(expected);
        // a writer of characters takes the text as well
        assertThat(JsonText.write(body)).isEqualTo(expected);
        assertThat(second.objectID()).contains("given");
    }

    @Test
    void readsTheObjectIDOnlyAtTheTopLevel() {
        assertThat(sdk.prepare(Map.of("inner", Map.of("objectID", "no"))).objectID())
                .isEmpty();
        assertThat(sdk.prepare(Map.of("objectID", 42)).objectID()).contains("42");
        assertThat(sdk.prepare(List.of("objectID")).objectID()).isEmpty();
        assertThat(sdk.prepare(Map.of("n", 1)).objectID()).isEmpty();
        assertThat(ObjectIDs.present(sdk.prepare(Map.of("objectID", "y")))).isTrue();
        assertThat(ObjectIDs.of(sdk.prepare(Map.of("objectID", "y")))).isEqualTo("y");
        assertThat(ObjectIDs.present(sdk.prepare(Map.of("n", 1)))).isFalse();
    }

    private static ApiClient client(ClientConfig.Builder builder) {
        return ApiClient.create(builder.hosts(Host.of("http://127.0.0.1:9")).build(), MODULE);
    }
}
