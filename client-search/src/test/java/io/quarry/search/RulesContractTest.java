package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.NotFoundException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Anchoring;
import io.quarry.search.model.AppliedRule;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.Promotion;
import io.quarry.search.model.Rule;
import io.quarry.search.model.RuleCondition;
import io.quarry.search.model.RuleConsequence;
import io.quarry.search.model.RuleQuery;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.search.model.SearchRulesResponse;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every rule endpoint, and rules changing search results, against the mock server. */
class RulesContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final Rule ONLY_ACME = Rule.of(
                    "only-acme",
                    RuleCondition.of("phone", Anchoring.CONTAINS),
                    RuleConsequence.params(SearchQuery.of().filters("brand:Acme")))
            .description("Acme phones only");
    private static final Rule HIDE_P2 =
            Rule.of("hide-p2", RuleCondition.of("lamp", Anchoring.IS), RuleConsequence.hide("p2"));
    private static final Rule PROMOTE_P4 = Rule.of(
            "promote-p4",
            RuleCondition.of("lamp", Anchoring.IS),
            RuleConsequence.promote(Promotion.of("p4", 0)).withUserData(Map.of("banner", "b")));

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("products");
    private final IndexRules rules = index.rules();

    @BeforeEach
    void seed() {
        index.waitForTask(
                index.setSettings(
                                IndexSettings.of().searchableAttributes("name").attributesForFaceting("brand"))
                        .taskID(),
                FAST);
        index.saveObjects(
                List.of(
                        new Product("p1", "red phone", "Acme", 10),
                        new Product("p2", "blue lamp", "Acme", 20),
                        new Product("p3", "blue phone", "Bolt", 30),
                        new Product("p4", "red lamp", "Bolt", 40)),
                BatchOptions.of().waitingForTasks().waitPolicy(FAST));
    }

    @Test
    void aSavedRuleChangesResultsUntilItIsDeleted() {
        assertThat(ids(SearchQuery.of("phone"))).containsExactlyInAnyOrder("p1", "p3");

        index.waitForTask(rules.save(ONLY_ACME).taskID(), FAST);
        assertThat(ids(SearchQuery.of("phone"))).containsExactly("p1");
        Rule read = rules.get("only-acme");
        assertThat(read.conditions()).containsExactly(RuleCondition.of("phone", Anchoring.CONTAINS));
        assertThat(read.consequence().params().get("filters")).contains("brand:Acme");
        assertThat(read.description()).isEqualTo("Acme phones only");

        index.waitForTask(rules.delete("only-acme").taskID());
        assertThat(ids(SearchQuery.of("phone"))).containsExactlyInAnyOrder("p1", "p3");
        assertThatThrownBy(() -> rules.get("only-acme")).isInstanceOf(NotFoundException.class);
    }

    @Test
    void facetPlaceholderWithAutomaticFacetFiltersFiltersOnTheBrandTheQueryNames() {
        Rule brandInQuery = Rule.of(
                "brand-in-query",
                RuleCondition.of("{facet:brand}", Anchoring.CONTAINS),
                RuleConsequence.params(SearchQuery.of().param("automaticFacetFilters", List.of("brand"))));
        index.waitForTask(rules.save(brandInQuery).taskID(), FAST);

        assertThat(ids(SearchQuery.of("acme phone"))).containsExactly("p1");
        assertThat(ids(SearchQuery.of("bolt lamp"))).containsExactly("p4");
        assertThat(ids(SearchQuery.of("phone"))).containsExactlyInAnyOrder("p1", "p3");
        assertThat(rules.get("brand-in-query").consequence().params().get("automaticFacetFilters"))
                .contains(List.of("brand"));
    }

    @Test
    void hidesPromotesAndReturnsUserData() {
        index.waitForTask(rules.saveAll(List.of(HIDE_P2, PROMOTE_P4)).taskID(), FAST);

        assertThat(ids(SearchQuery.of("lamp"))).containsExactly("p4");
        SearchResponse<Product> lamps = index.search(SearchQuery.of("lamp"), Product.class);
        assertThat(lamps.userData()).containsExactly(Map.of("banner", "b"));
        assertThat(lamps.appliedRules())
                .extracting(AppliedRule::objectID)
                .containsExactlyInAnyOrder("hide-p2", "promote-p4");
        assertThat(ids(SearchQuery.of("phone"))).containsExactlyInAnyOrder("p1", "p3");
    }

    @Test
    void aRuleWithAContextAppliesOnlyWhenTheQueryActivatesIt() {
        Rule inShop = new Rule(
                "in-shop",
                List.of(RuleCondition.of("phone", Anchoring.CONTAINS).context("shop")),
                RuleConsequence.params(SearchQuery.of().filters("brand:Bolt")),
                null,
                null,
                null,
                null);
        index.waitForTask(rules.save(inShop).taskID(), FAST);

        assertThat(ids(SearchQuery.of("phone"))).containsExactlyInAnyOrder("p1", "p3");
        assertThat(ids(SearchQuery.of("phone").ruleContexts("shop"))).containsExactly("p3");
        assertThat(ids(SearchQuery.of("phone").ruleContexts("shop").enableRules(false)))
                .containsExactlyInAnyOrder("p1", "p3");
    }

    @Test
    void aDisabledRuleDoesNothing() {
        index.waitForTask(rules.save(ONLY_ACME.enabled(false)).taskID(), FAST);

        assertThat(ids(SearchQuery.of("phone"))).containsExactlyInAnyOrder("p1", "p3");
        assertThat(rules.get("only-acme").enabled()).isFalse();
    }

    @Test
    void searchesBrowsesClearsAndReplacesRules() {
        index.waitForTask(rules.saveAll(List.of(ONLY_ACME, HIDE_P2, PROMOTE_P4)).taskID(), FAST);

        SearchRulesResponse found = rules.search(RuleQuery.of("promote"));
        assertThat(found.hits()).extracting(Rule::objectID).containsExactly("promote-p4");
        assertThat(rules.search(RuleQuery.of("")).nbHits()).isEqualTo(3);
        assertThat(rules.browse().stream().map(Rule::objectID))
                .containsExactlyInAnyOrder("only-acme", "hide-p2", "promote-p4");
        assertThat(rules.browseAsync().join()).hasSize(3);

        index.waitForTask(rules.replaceAll(List.of(HIDE_P2)).taskID(), FAST);
        assertThat(rules.browse().stream().map(Rule::objectID)).containsExactly("hide-p2");
        assertThat(ids(SearchQuery.of("phone"))).containsExactlyInAnyOrder("p1", "p3");

        index.waitForTask(rules.clear().taskID(), FAST);
        assertThat(rules.search(RuleQuery.of("")).nbHits()).isZero();
        assertThat(ids(SearchQuery.of("lamp"))).containsExactlyInAnyOrder("p2", "p4");
    }

    @Test
    void asynchronousForms() {
        index.waitForTask(rules.saveAsync(ONLY_ACME).join().taskID(), FAST);
        index.waitForTask(rules.saveAllAsync(List.of(HIDE_P2)).join().taskID(), FAST);
        assertThat(rules.getAsync("hide-p2").join().objectID()).isEqualTo("hide-p2");
        assertThat(rules.searchAsync(RuleQuery.of("acme")).join().hits())
                .extracting(Rule::objectID)
                .containsExactly("only-acme");
        index.waitForTask(rules.deleteAsync("hide-p2").join().taskID(), FAST);
        index.waitForTask(rules.clearAsync().join().taskID(), FAST);
        assertThat(rules.browse().toList()).isEmpty();
    }

    @Test
    void forwardsToReplicas() {
        index.waitForTask(
                index.setSettings(IndexSettings.of().setting("replicas", List.of("products_price")))
                        .taskID(),
                FAST);
        index.waitForTask(index.forwardingToReplicas().rules().save(ONLY_ACME).taskID(), FAST);

        assertThat(client.index("products_price").rules().get("only-acme").objectID())
                .isEqualTo("only-acme");
    }

    @Test
    void aRuleTheMockServerCannotApplyIsRefused() {
        Rule onFilters = Rule.of(
                "on-filters",
                new RuleCondition(null, null, null, "brand:Acme", null),
                RuleConsequence.params(SearchQuery.of().query("phone")));

        assertThatThrownBy(() -> rules.save(onFilters)).isInstanceOf(BadRequestException.class);
    }

    private List<String> ids(SearchQuery query) {
        return index.search(query, Product.class).records().stream()
                .map(Product::objectID)
                .toList();
    }
}
