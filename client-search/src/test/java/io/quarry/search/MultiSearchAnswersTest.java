package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.DeserializationException;
import io.quarry.core.FreeFormRecord;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.WireMockClients;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A multi-search answer gives one result per query, or fails typed: never null, never a bare NPE, never a list of
 * another length (whose results the caller would match to the wrong queries).
 */
class MultiSearchAnswersTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final SearchClient client = SearchClient.create(WireMockClients.config(WM));

    private static final List<IndexQuery> QUERIES = List.of(IndexQuery.of("products", SearchQuery.of("lamp")));

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{}|$.results",
                "{\"results\":null}|$.results",
                "{\"results\":[null]}|$.results[0]",
                "{\"results\":[]}|$.results",
                "{\"results\":[{\"hits\":[]},{\"hits\":[]}]}|$.results"
            })
    void anAnswerWithoutAResultPerQueryFailsNamingWhere(String answer, String path) {
        WM.stubFor(post(urlPathEqualTo("/1/indexes/*/queries")).willReturn(okJson(answer)));

        assertThatThrownBy(() -> client.multiSearch(QUERIES, null, FreeFormRecord.class))
                .isInstanceOfSatisfying(
                        DeserializationException.class,
                        e -> assertThat(e.jsonPath()).isEqualTo(path));
        assertThatThrownBy(() -> client.multiSearchAsync(QUERIES, null, FreeFormRecord.class)
                        .join())
                .isInstanceOf(CompletionException.class)
                .cause()
                .isInstanceOfSatisfying(
                        DeserializationException.class,
                        e -> assertThat(e.jsonPath()).isEqualTo(path));
    }
}
