package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.NotFoundException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.CopyScope;
import io.quarry.search.model.IndexInfo;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchSynonymsResponse;
import io.quarry.search.model.Synonym;
import io.quarry.search.model.SynonymQuery;
import io.quarry.search.model.SynonymType;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Settings, synonyms, tasks, list/copy/move/delete of indices against the mock server. */
@Tag("classpath-sensitive")
class IndexAdminContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("products");

    @BeforeEach
    void seed() {
        index.waitForTask(
                index.saveObject("p1", new Product("p1", "Phone", "Acme", 1)).taskID(), FAST);
    }

    @Test
    void changesAndReadsSettings() {
        var set = index.setSettings(IndexSettings.of()
                .searchableAttributes("name")
                .customRanking("desc(price)")
                .setting("hitsPerPage", 7));
        assertThat(index.waitForTask(set.taskID(), FAST).isPublished()).isTrue();

        IndexSettings settings = index.getSettings();
        assertThat(settings.getStrings("searchableAttributes")).containsExactly("name");
        assertThat(settings.getStrings("customRanking")).containsExactly("desc(price)");
        assertThat(settings.get("hitsPerPage")).contains(7);
    }

    @Test
    void managesSynonyms() throws Exception {
        index.waitForTask(
                index.synonyms().save(Synonym.regular("s1", "phone", "mobile")).taskID(), FAST);
        index.waitForTask(
                index.synonyms()
                        .saveAll(List.of(
                                Synonym.oneWay("s2", "tv", "television"),
                                Synonym.placeholder("s3", "<street>", "street", "st")))
                        .taskID(),
                FAST);

        assertThat(index.synonyms().get("s2").type()).isEqualTo(SynonymType.ONE_WAY_SYNONYM);
        assertThat(index.synonyms().get("s2").input()).isEqualTo("tv");
        SearchSynonymsResponse found = index.synonyms().search(SynonymQuery.of("mobile"));
        assertThat(found.hits()).extracting(Synonym::objectID).containsExactly("s1");
        assertThat(index.search(SearchQuery.of("mobile"), Product.class).records())
                .hasSize(1);
        assertThat(index.synonyms().browse().toList()).hasSize(3);
        assertThat(index.synonyms().browseAsync().get()).hasSize(3);

        index.waitForTask(index.synonyms().delete("s1").taskID(), FAST);
        assertThatThrownBy(() -> index.synonyms().get("s1")).isInstanceOf(NotFoundException.class);
        index.waitForTask(
                index.synonyms()
                        .replaceAll(List.of(Synonym.altCorrection1("s4", "fone", "phone")))
                        .taskID(),
                FAST);
        assertThat(index.synonyms().browse().stream().map(Synonym::objectID)).containsExactly("s4");
        index.waitForTask(index.synonyms().clear().taskID(), FAST);
        assertThat(index.synonyms().search(SynonymQuery.of("")).nbHits()).isZero();
    }

    @Test
    void copiesMovesListsAndDeletesIndices() {
        index.waitForTask(
                index.setSettings(IndexSettings.of().customRanking("asc(price)"))
                        .taskID(),
                FAST);
        index.waitForTask(index.synonyms().save(Synonym.regular("s1", "a", "b")).taskID(), FAST);

        index.waitForTask(index.copyTo("copy", List.of()).taskID(), FAST);
        index.waitForTask(
                index.copyTo("settingsOnly", List.of(CopyScope.SETTINGS)).taskID(), FAST);
        index.waitForTask(
                index.copyTo("settingsOnly", List.of(CopyScope.SYNONYMS)).taskID(), FAST);
        index.waitForTask(index.copyTo("settingsOnly", List.of(CopyScope.RULES)).taskID(), FAST);

        assertThat(client.index("copy").getObject("p1", Product.class).name()).isEqualTo("Phone");
        SearchIndex settingsOnly = client.index("settingsOnly");
        assertThat(settingsOnly.getSettings().getStrings("customRanking")).containsExactly("asc(price)");
        assertThat(settingsOnly.synonyms().get("s1").synonyms()).containsExactly("a", "b");
        assertThat(settingsOnly.search(SearchQuery.of(), Product.class).nbHits())
                .isZero();

        var moved = client.index("copy").moveTo("renamed");
        client.index("copy").waitForTask(moved.taskID(), FAST);
        assertThat(client.index("renamed").exists()).isTrue();
        assertThat(client.index("copy").exists()).isFalse();
        assertThat(client.listIndices().items())
                .extracting(IndexInfo::name)
                .contains("products", "renamed", "settingsOnly")
                .doesNotContain("copy");

        client.index("renamed").waitForTask(client.index("renamed").delete().taskID(), FAST);
        assertThat(client.index("renamed").existsAsync().join()).isFalse();
    }

    @Test
    void readsTaskStatus() {
        var saved = index.partialUpdateObject("p1", Map.of("price", 2));

        assertThat(index.waitForTaskAsync(saved.taskID(), FAST).join().isPublished())
                .isTrue();
        assertThat(index.getTask(saved.taskID()).status()).isEqualTo("published");
        assertThat(client.waitForAppTask(saved.taskID(), FAST).isPublished()).isTrue();
        assertThat(client.waitForAppTaskAsync(saved.taskID(), FAST).join().status())
                .isEqualTo("published");
    }
}
