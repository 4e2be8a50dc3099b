package com.example.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.mockserver.MockServer;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a user's first test does with the released modules: the real client against the embedded mock server. */
class BundleConsumerTest {

    record Book(String objectID, String title) {}

    @Test
    void theClientFromTheBundleSearchesTheMockServerFromTheBundle() {
        try (MockServer server = MockServer.builder().start()) {
            ClientConfig config = ClientConfig.builder(server.applicationId(), server.adminKey())
                    .hosts(Host.of(server.url()))
                    .build();
            try (SearchClient client = SearchClient.create(config)) {
                SearchIndex books = client.index("books");
                books.saveObjects(
                        List.of(new Book("1", "The Stone Quarry"), new Book("2", "A Field Guide to Rivers")),
                        BatchOptions.of().waitingForTasks());

                SearchResponse<Book> found = books.search(SearchQuery.of("quarry"), Book.class);

                assertThat(found.hits()).extracting(hit -> hit.record().title()).containsExactly("The Stone Quarry");
            }
        }
    }
}
