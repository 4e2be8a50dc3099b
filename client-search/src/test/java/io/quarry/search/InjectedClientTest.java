package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClientsExtension;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A user's own JUnit 5 test: the mock server and a ready client injected, nothing to configure. */
@ExtendWith({MockServerExtension.class, MockServerClientsExtension.class})
class InjectedClientTest {

    @Test
    void aReadyClientTalksToTheInjectedServer(SearchClient client, MockServer server) {
        SearchIndex books = client.index("books");
        books.waitForTask(books.saveObject("1", Map.of("title", "Dune")));
        assertThat(books.search(io.quarry.search.model.SearchQuery.of("dune"), Map.class)
                        .nbHits())
                .isEqualTo(1);
        assertThat(server.url()).isNotBlank();
    }
}
