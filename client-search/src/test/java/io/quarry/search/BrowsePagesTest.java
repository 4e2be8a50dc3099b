package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.DeserializationException;
import io.quarry.core.FreeFormRecord;
import io.quarry.search.model.DictionaryEntry;
import io.quarry.search.model.DictionaryName;
import io.quarry.search.model.Rule;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.WireMockClients;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Browsing rules and dictionary entries counts the pages it asks for, whatever page the answers echo; browsing
 * records cannot be sent back to a page it has read, by one cursor or a circle of them.
 */
class BrowsePagesTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final SearchClient client = SearchClient.create(WireMockClients.config(WM));

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS) // liveness guard: the browse asked for page 1 forever
    void rulesAnsweredWithoutTheirPageStillEndTheBrowse() {
        String path = "/1/indexes/products/rules/search";
        answer(path, 0, "{\"hits\":[{\"objectID\":\"r1\"}],\"nbHits\":2,\"nbPages\":2}");
        answer(path, 1, "{\"hits\":[{\"objectID\":\"r2\"}],\"nbHits\":2,\"page\":0,\"nbPages\":2}");

        assertThat(client.index("products").rules().browse().toList())
                .extracting(Rule::objectID)
                .containsExactly("r1", "r2");
        WM.verify(1, postRequestedFor(urlPathEqualTo(path)).withRequestBody(matchingJsonPath("$.page", equalTo("1"))));
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS) // liveness guard: the browse asked for page 1 forever
    void dictionaryEntriesAnsweredWithoutTheirPageStillEndTheBrowse() {
        String path = "/1/dictionaries/stopwords/search";
        answer(path, 0, "{\"hits\":[{\"objectID\":\"e1\",\"language\":\"en\",\"word\":\"the\"}],\"nbPages\":2}");
        answer(
                path,
                1,
                "{\"hits\":[{\"objectID\":\"e2\",\"language\":\"en\",\"word\":\"a\"}],\"page\":0,\"nbPages\":2}");

        assertThat(client.dictionaries().browse(DictionaryName.STOPWORDS, null).toList())
                .extracting(DictionaryEntry::objectID)
                .containsExactly("e1", "e2");
        WM.verify(1, postRequestedFor(urlPathEqualTo(path)).withRequestBody(matchingJsonPath("$.page", equalTo("1"))));
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS) // liveness guard: the browse read the same page forever
    void anAnswerGivingBackTheCursorItWasAskedForFailsTheBrowse() {
        WM.stubFor(post(urlPathEqualTo("/1/indexes/products/browse"))
                .willReturn(okJson("{\"hits\":[{\"objectID\":\"a\"}],\"cursor\":\"c1\"}")));
        SearchIndex products = client.index("products");

        assertThatThrownBy(() -> products.browseObjects(FreeFormRecord.class).toList())
                .isInstanceOfSatisfying(
                        DeserializationException.class,
                        e -> assertThat(e.jsonPath()).isEqualTo("$.cursor"));
        assertThatThrownBy(() -> products.browseObjectsAsync(SearchQuery.of(), FreeFormRecord.class)
                        .join())
                .cause()
                .isInstanceOf(DeserializationException.class);
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS) // liveness guard: the browse went round the circle forever
    void answersPassingCursorsRoundInACircleFailTheBrowse() {
        String path = "/1/indexes/products/browse";
        WM.stubFor(post(urlPathEqualTo(path))
                .withRequestBody(matchingJsonPath("$.params"))
                .willReturn(okJson("{\"hits\":[{\"objectID\":\"a\"}],\"cursor\":\"c1\"}")));
        for (String[] link : new String[][] {{"c1", "c2"}, {"c2", "c3"}, {"c3", "c1"}}) {
            WM.stubFor(post(urlPathEqualTo(path))
                    .withRequestBody(matchingJsonPath("$.cursor", equalTo(link[0])))
                    .willReturn(
                            okJson("{\"hits\":[{\"objectID\":\"" + link[0] + "\"}],\"cursor\":\"" + link[1] + "\"}")));
        }
        SearchIndex products = client.index("products");

        assertThatThrownBy(() -> products.browseObjects(FreeFormRecord.class).toList())
                .isInstanceOfSatisfying(
                        DeserializationException.class,
                        e -> assertThat(e.jsonPath()).isEqualTo("$.cursor"));
        assertThatThrownBy(() -> products.browseObjectsAsync(SearchQuery.of(), FreeFormRecord.class)
                        .join())
                .cause()
                .isInstanceOf(DeserializationException.class);
    }

    @Test
    void aNullCursorIsRefusedBeforeAnyCall() {
        WM.stubFor(post(urlPathEqualTo("/1/indexes/products/browse"))
                .willReturn(okJson("{\"hits\":[{\"objectID\":\"first\"}],\"cursor\":\"c1\"}")));
        SearchIndex products = client.index("products");

        for (SearchIndex view : List.of(products, products.withParametersInUrl())) {
            assertThatNullPointerException()
                    .isThrownBy(() -> view.browsePageFrom(null, FreeFormRecord.class))
                    .withMessage("cursor");
            assertThatNullPointerException()
                    .isThrownBy(() -> view.browsePageFromAsync(null, FreeFormRecord.class))
                    .withMessage("cursor");
        }
        WM.verify(0, anyRequestedFor(anyUrl()));
    }

    private static void answer(String path, int page, String body) {
        WM.stubFor(post(urlPathEqualTo(path))
                .withRequestBody(matchingJsonPath("$.page", equalTo(String.valueOf(page))))
                .willReturn(okJson(body)));
    }
}
