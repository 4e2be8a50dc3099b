package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.AppTaskResponse;
import io.quarry.search.model.DictionaryEntry;
import io.quarry.search.model.DictionaryLanguage;
import io.quarry.search.model.DictionaryName;
import io.quarry.search.model.DictionaryOperation;
import io.quarry.search.model.DictionaryQuery;
import io.quarry.search.model.DictionarySearchResponse;
import io.quarry.search.model.DictionarySettings;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every dictionary endpoint, waitForAppTask and entry iteration, against the mock server. */
class DictionariesContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final Dictionaries dictionaries = client.dictionaries();

    @Test
    void addsSearchesAndDeletesCustomEntries() {
        AppTaskResponse added = dictionaries.batch(
                DictionaryName.STOPWORDS,
                List.of(DictionaryOperation.add(DictionaryEntry.stopword("sw-1", "fr", "zorglub"))));
        assertThat(client.waitForAppTask(added.taskID(), FAST).isPublished()).isTrue();
        assertThat(client.getAppTask(added.taskID()).isPublished()).isTrue();

        DictionarySearchResponse byPost = dictionaries.search(
                DictionaryName.STOPWORDS, DictionaryQuery.of("zorg").language("fr"));
        assertThat(byPost.nbHits()).isEqualTo(1);
        assertThat(byPost.hits()).singleElement().satisfies(entry -> {
            assertThat(entry.objectID()).isEqualTo("sw-1");
            assertThat(entry.word()).isEqualTo("zorglub");
            assertThat(entry.type()).isEqualTo("custom");
        });
        assertThat(dictionaries
                        .withParametersInUrl()
                        .search(
                                DictionaryName.STOPWORDS,
                                DictionaryQuery.of("zorg").language("fr"))
                        .hits())
                .extracting(DictionaryEntry::objectID)
                .containsExactly("sw-1");

        AppTaskResponse deleted =
                dictionaries.batch(DictionaryName.STOPWORDS, List.of(DictionaryOperation.delete("sw-1")));
        client.waitForAppTask(deleted.taskID(), FAST);
        assertThat(dictionaries
                        .search(DictionaryName.STOPWORDS, DictionaryQuery.of("zorg"))
                        .nbHits())
                .isZero();
    }

    @Test
    void pluralsAndCompoundsAndClearingExistingEntries() {
        client.waitForAppTask(
                dictionaries
                        .batch(
                                DictionaryName.PLURALS,
                                List.of(DictionaryOperation.add(
                                        DictionaryEntry.plural("pl-1", "fr", "glorb", "glorbs"))))
                        .taskID(),
                FAST);
        client.waitForAppTask(
                dictionaries
                        .batch(
                                DictionaryName.COMPOUNDS,
                                List.of(DictionaryOperation.add(
                                        DictionaryEntry.compound("c-1", "de", "blitzquark", "blitz", "quark"))))
                        .taskID(),
                FAST);

        assertThat(dictionaries
                        .search(DictionaryName.PLURALS, DictionaryQuery.of("glorbs"))
                        .hits())
                .singleElement()
                .satisfies(e -> assertThat(e.words()).containsExactly("glorb", "glorbs"));
        assertThat(dictionaries
                        .search(DictionaryName.COMPOUNDS, DictionaryQuery.of("blitzquark"))
                        .hits())
                .singleElement()
                .satisfies(e -> assertThat(e.decomposition()).containsExactly("blitz", "quark"));

        client.waitForAppTask(
                dictionaries
                        .replaceCustomEntries(
                                DictionaryName.PLURALS,
                                List.of(DictionaryOperation.add(
                                        DictionaryEntry.plural("pl-2", "fr", "snarf", "snarves"))))
                        .taskID(),
                FAST);
        assertThat(dictionaries
                        .search(DictionaryName.PLURALS, DictionaryQuery.of("glorbs"))
                        .nbHits())
                .isZero();
        assertThat(dictionaries
                        .search(DictionaryName.PLURALS, DictionaryQuery.of("snarves"))
                        .nbHits())
                .isEqualTo(1);
    }

    @Test
    void browsesEveryEntryOfALanguage() {
        client.waitForAppTask(
                dictionaries
                        .batch(
                                DictionaryName.STOPWORDS,
                                List.of(DictionaryOperation.add(DictionaryEntry.stopword("sw-1", "fr", "zorglub"))))
                        .taskID(),
                FAST);

        long total = dictionaries
                .search(
                        DictionaryName.STOPWORDS,
                        DictionaryQuery.of("").language("fr").hitsPerPage(1000))
                .nbHits();
        List<DictionaryEntry> all =
                dictionaries.browse(DictionaryName.STOPWORDS, "fr").toList();
        assertThat(all).hasSize((int) total).extracting(DictionaryEntry::type).contains("custom", "standard");
        assertThat(all).allSatisfy(e -> assertThat(e.language()).isEqualTo("fr"));
        assertThat(dictionaries.browseAsync(DictionaryName.STOPWORDS, "fr").join())
                .hasSize((int) total);
    }

    @Test
    void changesAndReadsSettingsAndLanguages() {
        AppTaskResponse set = dictionaries.setSettings(DictionarySettings.stopwords(Map.of("fr", true)));
        client.waitForAppTaskAsync(set.taskID(), FAST).join();
        assertThat(dictionaries.getSettings().disableStandardEntries()).containsEntry("stopwords", Map.of("fr", true));

        client.waitForAppTask(
                dictionaries
                        .batch(
                                DictionaryName.STOPWORDS,
                                List.of(DictionaryOperation.add(DictionaryEntry.stopword("sw-1", "fr", "zorglub"))))
                        .taskID(),
                FAST);
        Map<String, DictionaryLanguage> languages = dictionaries.getLanguages();
        assertThat(languages.get("fr").stopwords().nbCustomEntries()).isEqualTo(1);
        assertThat(languages.get("fr").plurals().nbCustomEntries()).isZero();
        assertThat(dictionaries.getLanguagesAsync().join()).containsKey("fr");
    }

    @Test
    void asynchronousForms() {
        AppTaskResponse added = dictionaries
                .batchAsync(
                        DictionaryName.STOPWORDS,
                        List.of(DictionaryOperation.add(DictionaryEntry.stopword("sw-9", "en", "blorp"))))
                .join();
        assertThat(client.getAppTaskAsync(added.taskID()).join().status()).isNotBlank();
        client.waitForAppTaskAsync(added.taskID(), FAST).join();
        assertThat(dictionaries
                        .searchAsync(DictionaryName.STOPWORDS, DictionaryQuery.of("blorp"))
                        .join()
                        .nbHits())
                .isEqualTo(1);
        assertThat(dictionaries
                        .withParametersInUrl()
                        .searchAsync(DictionaryName.STOPWORDS, DictionaryQuery.of("blorp"))
                        .join()
                        .nbHits())
                .isEqualTo(1);
        dictionaries
                .setSettingsAsync(DictionarySettings.stopwords(Map.of("en", true)))
                .join();
        assertThat(dictionaries
                        .getSettingsAsync()
                        .join()
                        .disableStandardEntries()
                        .get("stopwords"))
                .containsEntry("en", true);
    }
}
