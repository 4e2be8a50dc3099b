package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Anchoring;
import io.quarry.search.model.DictionaryEntry;
import io.quarry.search.model.DictionaryName;
import io.quarry.search.model.DictionaryOperation;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.Promotion;
import io.quarry.search.model.Rule;
import io.quarry.search.model.RuleCondition;
import io.quarry.search.model.RuleConsequence;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.Synonym;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Synonyms, rules and stop words of awkward text change a search as their words, normalised like the query's
 * (case, accents, punctuation and spacing aside), say.
 */
class AwkwardRuleAndSynonymEffectsContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    /** A record's ID a path must encode. */
    private static final String ODD_ID = "a/b c%\ud83d\ude00";

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("awkward-effects");

    @BeforeEach
    void seed() {
        index.waitForTask(
                index.setSettings(
                                IndexSettings.of().searchableAttributes("text").attributesForFaceting("brand"))
                        .taskID(),
                FAST);
        index.saveObjects(
                List.of(
                        Map.of("objectID", "creme", "text", "cafe creme"),
                        Map.of("objectID", "latte", "text", "latte"),
                        Map.of("objectID", "mail", "text", "send an e-mail"),
                        Map.of("objectID", "courriel", "text", "un courriel"),
                        Map.of("objectID", "bayes", "text", "naive bayes"),
                        Map.of("objectID", "classifier", "text", "classifier"),
                        Map.of("objectID", "color", "text", "color"),
                        Map.of("objectID", "acme", "text", "red phone", "brand", "Acme-Co"),
                        Map.of("objectID", "bolt", "text", "red phone", "brand", "Bolt"),
                        Map.of("objectID", ODD_ID, "text", "lamp"),
                        Map.of("objectID", "lamp", "text", "lamp lamp"),
                        Map.of("objectID", "chat", "text", "chat")),
                BatchOptions.of().waitingForTasks().waitPolicy(FAST));
    }

    @Test
    void synonymsMatchTheirWordsWhateverTheirCaseAccentsAndPunctuation() {
        index.waitForTask(
                index.synonyms()
                        .saveAll(List.of(
                                Synonym.regular("caf\u00e9", "  Caf\u00e9  cr\u00e8me ", "LATTE"),
                                Synonym.regular("mail", "e-mail", "courriel"),
                                Synonym.oneWay("bayes", "na\u00efve-Bayes", "classifier"),
                                Synonym.altCorrection1("hue", "H\u00fce!", "color")))
                        .taskID(),
                FAST);

        assertThat(ids(SearchQuery.of("latte"))).containsExactlyInAnyOrder("latte", "creme");
        assertThat(ids(SearchQuery.of("CAFE  cr\u00e8me"))).containsExactlyInAnyOrder("latte", "creme");
        assertThat(ids(SearchQuery.of("courriel"))).containsExactlyInAnyOrder("courriel", "mail");
        assertThat(ids(SearchQuery.of("e-mail"))).containsExactlyInAnyOrder("courriel", "mail");
        assertThat(ids(SearchQuery.of("naive bayes"))).containsExactlyInAnyOrder("bayes", "classifier");
        assertThat(ids(SearchQuery.of("classifier"))).as("one way").containsExactly("classifier");
        assertThat(ids(SearchQuery.of("hue"))).containsExactly("color");
        assertThat(ids(SearchQuery.of("hue").param("synonyms", false))).isEmpty();
    }

    @Test
    void aPatternOfPunctuatedWordsHoldsForTheSameWords() {
        index.waitForTask(
                index.rules()
                        .save(Rule.of(
                                "quoted",
                                RuleCondition.of("\"Red:Phone\"\\", Anchoring.IS),
                                RuleConsequence.hide("acme")))
                        .taskID(),
                FAST);

        assertThat(ids(SearchQuery.of("red phone"))).containsExactly("bolt");
        assertThat(ids(SearchQuery.of("  RED-phone! "))).containsExactly("bolt");
        assertThat(ids(SearchQuery.of("phone red"))).containsExactlyInAnyOrder("acme", "bolt");
    }

    @Test
    void aPlaceholderRecognisesAPunctuatedFacetValue() {
        index.waitForTask(
                index.rules()
                        .save(Rule.of(
                                "brand",
                                RuleCondition.of("{facet:brand} phone", Anchoring.IS),
                                RuleConsequence.params(
                                        SearchQuery.of().param("automaticFacetFilters", List.of("brand")))))
                        .taskID(),
                FAST);

        assertThat(ids(SearchQuery.of("ACME co phone"))).containsExactly("acme");
        assertThat(ids(SearchQuery.of("bolt phone"))).containsExactly("bolt");
    }

    @Test
    void aRulePromotesARecordWhoseIdMustBeEncodedAndEditsAnAccentedWord() {
        index.waitForTask(
                index.rules()
                        .saveAll(List.of(
                                Rule.of(
                                        "promote",
                                        RuleCondition.of(" lamp ", Anchoring.IS),
                                        RuleConsequence.promote(Promotion.of(ODD_ID, 0))),
                                Rule.of(
                                        "edit",
                                        RuleCondition.of("Caf\u00e9", Anchoring.STARTS_WITH),
                                        RuleConsequence.params(SearchQuery.of()
                                                .param("query", Map.of("remove", List.of("CAF\u00c9")))))))
                        .taskID(),
                FAST);

        assertThat(ids(SearchQuery.of("lamp"))).containsExactly(ODD_ID, "lamp");
        assertThat(ids(SearchQuery.of("cafe latte"))).containsExactly("latte");
    }

    @Test
    void anAccentedCustomStopWordIsRemovedFromTheQuery() {
        client.waitForAppTask(
                client.dictionaries()
                        .batch(
                                DictionaryName.STOPWORDS,
                                List.of(DictionaryOperation.add(
                                        DictionaryEntry.stopword("z\u00e9ro", "fr", "Z\u00c9RO"))))
                        .taskID(),
                FAST);

        assertThat(ids(SearchQuery.of("zero chat"))).isEmpty();
        assertThat(ids(SearchQuery.of("z\u00e9ro chat").removeStopWords("fr"))).containsExactly("chat");
    }

    private List<String> ids(SearchQuery query) {
        return index.search(query, FreeFormRecord.class).hits().stream()
                .map(hit -> hit.objectID().orElseThrow())
                .toList();
    }
}
