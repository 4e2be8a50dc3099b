package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Random query text, holding what a URL or a parameter string must encode, reaches the mock server as it was typed
 * every way a search is sent: in a JSON body, in the URL ({@code withParametersInUrl()}), and inside a multi-search's
 * parameter string. The answer's {@code query} is the text the engine read.
 */
@Tag("classpath-sensitive")
class RandomQueryTextContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final String[] PARTS = {
        "a",
        "b",
        " ",
        "  ",
        "+",
        "%",
        "%20",
        "&",
        "=",
        "?",
        "#",
        "/",
        "\\",
        "\"",
        "'",
        ",",
        ";",
        ":",
        "\u00e9",
        "\u65e5\u672c",
        "\ud83d\ude00",
        "\t",
        "<em>",
        "*",
        "~",
        "-",
        "(",
        "[",
        "{"
    };

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    @Test
    void theEngineReadsTheQueryAsTypedInABodyInTheUrlAndInAMultiSearch() {
        SearchIndex index = client.index("query-text");
        index.waitForTask(index.saveObject("1", Map.of("name", "x")).taskID(), FAST);
        Random random = new Random(29);
        for (int n = 0; n < 150; n++) {
            StringBuilder text = new StringBuilder();
            for (int i = 1 + random.nextInt(6); i > 0; i--) {
                text.append(PARTS[random.nextInt(PARTS.length)]);
            }
            String query = text.toString();
            SearchQuery search = SearchQuery.of(query);

            assertThat(index.search(search, FreeFormRecord.class).query())
                    .as("body")
                    .isEqualTo(query);
            assertThat(index.withParametersInUrl()
                            .search(search, FreeFormRecord.class)
                            .query())
                    .as("URL")
                    .isEqualTo(query);
            assertThat(client.multiSearch(List.of(IndexQuery.of("query-text", search)), null, FreeFormRecord.class)
                            .get(0)
                            .search()
                            .orElseThrow()
                            .query())
                    .as("multi-search")
                    .isEqualTo(query);
        }
    }
}
