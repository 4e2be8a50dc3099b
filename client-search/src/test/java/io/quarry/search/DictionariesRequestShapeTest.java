package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.search.model.AppTaskResponse;
import io.quarry.search.model.DictionaryEntry;
import io.quarry.search.model.DictionaryLanguage;
import io.quarry.search.model.DictionaryName;
import io.quarry.search.model.DictionaryOperation;
import io.quarry.search.model.DictionaryQuery;
import io.quarry.search.model.DictionarySearchResponse;
import io.quarry.search.model.DictionarySettings;
import io.quarry.testsupport.WireMockClients;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The six dictionary endpoints, waitForAppTask and entry iteration, against WireMock. */
class DictionariesRequestShapeTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final SearchClient client = SearchClient.create(WireMockClients.config(WM));

    @Test
    void batchesEntriesAndWaitsForTheApplicationTask() {
        WM.stubFor(post("/1/dictionaries/compounds/batch")
                .willReturn(okJson("{\"taskID\":77,\"updatedAt\":\"2026-01-01T00:00:00.000Z\"}")));
        WM.stubFor(get("/1/task/77")
                .inScenario("task")
                .whenScenarioStateIs(STARTED)
                .willReturn(okJson("{\"status\":\"notPublished\"}"))
                .willSetStateTo("done"));
        WM.stubFor(get("/1/task/77")
                .inScenario("task")
                .whenScenarioStateIs("done")
                .willReturn(okJson("{\"status\":\"published\"}")));

        AppTaskResponse task = client.dictionaries()
                .replaceCustomEntries(
                        DictionaryName.COMPOUNDS,
                        List.of(
                                DictionaryOperation.add(DictionaryEntry.compound(
                                        "c1", "de", "Kopfschmerztablette", "Kopf", "schmerz", "tablette")),
                                DictionaryOperation.add(DictionaryEntry.stopword("s1", "en", "the")
                                        .enabled(false)),
                                DictionaryOperation.delete("old")));

        assertThat(client.waitForAppTask(task.taskID(), FAST).isPublished()).isTrue();
        WM.verify(postRequestedFor(urlEqualTo("/1/dictionaries/compounds/batch"))
                .withRequestBody(equalToJson("{\"clearExistingDictionaryEntries\":true,\"requests\":["
                        + "{\"action\":\"addEntry\",\"body\":{\"objectID\":\"c1\",\"language\":\"de\","
                        + "\"word\":\"Kopfschmerztablette\",\"decomposition\":[\"Kopf\",\"schmerz\",\"tablette\"]}},"
                        + "{\"action\":\"addEntry\",\"body\":{\"objectID\":\"s1\",\"language\":\"en\",\"word\":\"the\","
                        + "\"state\":\"disabled\"}},"
                        + "{\"action\":\"deleteEntry\",\"body\":{\"objectID\":\"old\"}}]}")));
        WM.verify(2, getRequestedFor(urlEqualTo("/1/task/77")));
    }

    @Test
    void searchesEntriesByPostAndGet() {
        String answer = "{\"hits\":[{\"objectID\":\"p1\",\"language\":\"en\",\"words\":[\"mouse\",\"mice\"],"
                + "\"type\":\"custom\"}],\"nbHits\":1,\"page\":0,\"nbPages\":1}";
        WM.stubFor(post("/1/dictionaries/plurals/search").willReturn(okJson(answer)));
        WM.stubFor(get(urlPathEqualTo("/1/dictionaries/plurals/search")).willReturn(okJson(answer)));

        DictionarySearchResponse byPost = client.dictionaries()
                .search(
                        DictionaryName.PLURALS,
                        DictionaryQuery.of("mouse").language("en").hitsPerPage(5));
        DictionarySearchResponse byGet = client.dictionaries()
                .withParametersInUrl()
                .searchAsync(
                        DictionaryName.PLURALS, DictionaryQuery.of("mice cat").page(2))
                .join();

        assertThat(byPost.hits())
                .singleElement()
                .satisfies(e -> assertThat(e.words()).containsExactly("mouse", "mice"));
        assertThat(byGet.nbHits()).isEqualTo(1);
        WM.verify(postRequestedFor(urlEqualTo("/1/dictionaries/plurals/search"))
                .withRequestBody(equalToJson("{\"query\":\"mouse\",\"hitsPerPage\":5,\"language\":\"en\"}")));
        WM.verify(getRequestedFor(urlEqualTo("/1/dictionaries/plurals/search?query=mice%20cat&page=2")));

        assertThat(client.dictionaries()
                        .withParametersInUrl()
                        .browse(DictionaryName.PLURALS, "en")
                        .toList())
                .hasSize(1);
        WM.verify(getRequestedFor(urlPathEqualTo("/1/dictionaries/plurals/search"))
                .withQueryParam("hitsPerPage", equalTo("1000"))
                .withQueryParam("language", equalTo("en")));
    }

    @Test
    void iteratesOverEveryEntry() {
        WM.stubFor(post("/1/dictionaries/stopwords/search")
                .withRequestBody(matchingJsonPath("$[?(@.page == 0)]"))
                .willReturn(okJson("{\"hits\":[{\"objectID\":\"a\",\"language\":\"fr\",\"word\":\"le\"}],"
                        + "\"nbHits\":2,\"page\":0,\"nbPages\":2}")));
        WM.stubFor(post("/1/dictionaries/stopwords/search")
                .withRequestBody(matchingJsonPath("$[?(@.page == 1)]"))
                .willReturn(okJson("{\"hits\":[{\"objectID\":\"b\",\"language\":\"fr\",\"word\":\"la\"}],"
                        + "\"nbHits\":2,\"page\":1,\"nbPages\":2}")));

        assertThat(client.dictionaries().browse(DictionaryName.STOPWORDS, "fr").stream()
                        .map(DictionaryEntry::word))
                .containsExactly("le", "la");
        assertThat(client.dictionaries()
                        .browseAsync(DictionaryName.STOPWORDS, "fr")
                        .join())
                .hasSize(2);
        WM.verify(postRequestedFor(urlEqualTo("/1/dictionaries/stopwords/search"))
                .withRequestBody(equalToJson("{\"query\":\"\",\"page\":0,\"hitsPerPage\":1000,\"language\":\"fr\"}")));
    }

    @Test
    void readsAndChangesSettingsAndLanguages() {
        WM.stubFor(put("/1/dictionaries/*/settings")
                .willReturn(okJson("{\"taskID\":5,\"updatedAt\":\"2026-01-01T00:00:00.000Z\"}")));
        WM.stubFor(get("/1/dictionaries/*/settings")
                .willReturn(okJson("{\"disableStandardEntries\":{\"stopwords\":{\"fr\":true}}}")));
        WM.stubFor(get("/1/dictionaries/*/languages")
                .willReturn(okJson(
                        "{\"fr\":{\"plurals\":null," + "\"stopwords\":{\"nbCustomEntries\":3},\"compounds\":null}}")));

        assertThat(client.dictionaries()
                        .setSettings(DictionarySettings.stopwords(Map.of("fr", true)))
                        .taskID())
                .isEqualTo(5);
        assertThat(client.dictionaries().getSettings().disableStandardEntries())
                .containsEntry("stopwords", Map.of("fr", true));
        Map<String, DictionaryLanguage> languages = client.dictionaries().getLanguages();
        assertThat(languages.get("fr").stopwords().nbCustomEntries()).isEqualTo(3);
        assertThat(languages.get("fr").plurals()).isNull();

        WM.verify(putRequestedFor(urlEqualTo("/1/dictionaries/*/settings"))
                .withRequestBody(equalToJson("{\"disableStandardEntries\":{\"stopwords\":{\"fr\":true}}}")));
    }
}
