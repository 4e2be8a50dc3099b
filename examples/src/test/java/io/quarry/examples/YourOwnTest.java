package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClientsExtension;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a user's own JUnit 5 test looks like: the mock server started for the class and a ready client injected
 * into the test, nothing to configure. Each test starts from the server's seed state, so the two tests below each
 * find only the book they wrote, in whichever order they run.
 */
@ExtendWith({MockServerExtension.class, MockServerClientsExtension.class})
class YourOwnTest {

    @Test
    void aReadyClientTalksToTheInjectedServer(SearchClient client, MockServer server) {
        SearchIndex books = client.index("books");
        books.waitForTask(books.saveObject("1", Map.of("title", "Dune")).taskID());
        assertThat(books.search(SearchQuery.of("dune"), Map.class).nbHits()).isEqualTo(1);
        assertThat(server.url()).isNotBlank();
    }

    @Test
    void theNextTestDoesNotSeeTheBooksOfTheOthers(SearchClient client) {
        SearchIndex books = client.index("books");
        books.waitForTask(books.saveObject("2", Map.of("title", "Dune Messiah")).taskID());
        assertThat(books.search(SearchQuery.of("dune"), Map.class).nbHits()).isEqualTo(1);
    }
}
