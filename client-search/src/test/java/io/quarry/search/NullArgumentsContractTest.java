package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Anchoring;
import io.quarry.search.model.DictionaryName;
import io.quarry.search.model.FacetValuesQuery;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.Rule;
import io.quarry.search.model.RuleCondition;
import io.quarry.search.model.RuleConsequence;
import io.quarry.search.model.Synonym;
import io.quarry.testsupport.MockServerClients;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A call given null where it needs a value is refused before anything is sent, naming the parameter: a replace of
 * every rule given no list, a move to no index, a key made from nothing reached the service (or, for the wait of a
 * task, sent its first poll), and the service's answer, when it refused, said nothing of the null.
 */
class NullArgumentsContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("products");

    @Test
    void aReplaceOfEveryRuleOrSynonymGivenNoListKeepsThemAndSendsNothing() {
        index.rules().save(Rule.of("r1", RuleCondition.of("phone", Anchoring.IS), RuleConsequence.hide("p1")));
        index.synonyms().save(Synonym.regular("s1", "phone", "mobile"));
        index.waitForTask(
                index.synonyms().save(Synonym.regular("s2", "tv", "television")).taskID());

        assertRefusedUnsent("objects", () -> index.rules().replaceAll(null));
        assertRefusedUnsent("objects", () -> index.rules().replaceAllAsync(null));
        assertRefusedUnsent("objects", () -> index.synonyms().replaceAll(null));
        assertRefusedUnsent("objects", () -> index.synonyms().saveAllAsync(null));
        assertRefusedUnsent("query", () -> index.rules().search(null));
        assertRefusedUnsent("query", () -> index.synonyms().searchAsync(null));

        assertThat(index.rules().get("r1").objectID()).isEqualTo("r1");
        assertThat(index.synonyms().get("s1").objectID()).isEqualTo("s1");
    }

    @Test
    void indexCallsNameTheMissingValue() {
        assertRefusedUnsent("destination", () -> index.moveTo(null));
        assertRefusedUnsent("destination", () -> index.copyToAsync(null, null));
        assertRefusedUnsent("settings", () -> index.setSettings(null));
        assertRefusedUnsent("type", () -> index.getObject("p1", null));
        assertRefusedUnsent("attributesToRetrieve", () -> index.getObjectAttributes("p1", null, Map.class));
        assertRefusedUnsent("policy", () -> index.waitForTaskAsync(1, null));
        assertRefusedUnsent("policy", () -> client.waitForAppTaskAsync(1, null));
        assertRefusedUnsent("requests", () -> client.getObjects(null, Map.class));
        assertRefusedUnsent("type", () -> index.browseObjects(null));
        assertRefusedUnsent("type", () -> index.browseObjectsAsync(null, null));
        assertRefusedUnsent("query", () -> index.searchForFacetValues(null));
        assertRefusedUnsent("query", () -> index.searchForFacetValuesAsync(null));
    }

    @Test
    void keyClusterAndDictionaryCallsNameTheMissingValue() {
        assertRefusedUnsent("key", () -> client.apiKeys().add(null));
        assertRefusedUnsent("parameters", () -> index.apiKeys().updateAsync("some-key", null));
        assertRefusedUnsent("cluster", () -> client.clusters().assignUserId("user-1", null));
        assertRefusedUnsent("users", () -> client.clusters().batchAssignUserIds("c1", null));
        assertRefusedUnsent("query", () -> client.clusters().searchUserIds(null));
        assertRefusedUnsent("operations", () -> client.dictionaries().batch(DictionaryName.STOPWORDS, null));
        assertRefusedUnsent(
                "operations", () -> client.dictionaries().replaceCustomEntriesAsync(DictionaryName.PLURALS, null));
        assertRefusedUnsent("query", () -> client.dictionaries().search(DictionaryName.STOPWORDS, null));
        assertRefusedUnsent("settings", () -> client.dictionaries().setSettings(null));
        assertRefusedUnsent("dictionary", () -> client.dictionaries().browse(null, "en"));
    }

    @Test
    void aSearchWithoutParametersTakesTheNullAsNoneAndAFacetSearchItsUnsetMembers() {
        index.setSettings(IndexSettings.of().attributesForFaceting("searchable(brand)"));
        index.waitForTask(
                index.saveObject("p1", Map.of("name", "Phone", "brand", "Acme")).taskID());

        assertThat(index.search(null, Map.class).hits()).hasSize(1);
        assertThat(index.searchAsync(null, Map.class).join().hits()).hasSize(1);
        assertThat(index.searchForFacetValues(FacetValuesQuery.of("brand")).facetHits())
                .extracting(hit -> hit.value())
                .containsExactly("Acme");
    }

    /** The call throws, or its future fails, with a NullPointerException naming the parameter; no request left. */
    private static void assertRefusedUnsent(String parameter, Supplier<?> call) {
        long before = requests();
        Throwable failure = null;
        try {
            Object result = call.get();
            if (result instanceof CompletableFuture<?> future) {
                future.join();
            }
        } catch (CompletionException e) {
            failure = e.getCause();
        } catch (RuntimeException e) {
            failure = e;
        }
        assertThat(failure)
                .as(parameter)
                .isInstanceOf(NullPointerException.class)
                .hasMessage(parameter);
        assertThat(requests())
                .as("requests sent for a call refused for its " + parameter)
                .isEqualTo(before);
    }

    private static long requests() {
        return MOCK.server().hosts().stream()
                .mapToLong(host -> host.requestCount())
                .sum();
    }
}
