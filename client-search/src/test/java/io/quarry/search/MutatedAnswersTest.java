package io.quarry.search;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.Host;
import io.quarry.core.WaitPolicy;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Acl;
import io.quarry.search.model.Anchoring;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.DictionaryName;
import io.quarry.search.model.DictionaryQuery;
import io.quarry.search.model.FacetValuesQuery;
import io.quarry.search.model.Hit;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.LogsQuery;
import io.quarry.search.model.ObjectRequest;
import io.quarry.search.model.Promotion;
import io.quarry.search.model.Rule;
import io.quarry.search.model.RuleCondition;
import io.quarry.search.model.RuleConsequence;
import io.quarry.search.model.RuleQuery;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.search.model.Synonym;
import io.quarry.search.model.SynonymQuery;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.MutatedAnswers;
import io.quarry.testsupport.TestWaits;
import io.quarry.testsupport.WireMockClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Odd success answers to the search, indexing and administration calls: each read as a value or a typed failure. */
class MutatedAnswersTest {

    private static final long SEED = 20261129L;
    /** A wait the mutated answers cannot keep going: a few quick polls. */
    private static final WaitPolicy FEW = TestWaits.FAST.withMaxAttempts(3);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    /** Sets the index up against the mock server itself. */
    @AutoClose
    private final SearchClient direct = SearchClient.create(MockServerClients.config(MOCK.server()));

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()).toBuilder()
            .hosts(Host.of(WireMockClients.url(WM)))
            .build());

    record Product(String objectID, String name, String brand, double price, List<String> tags) {}

    /** Reads every part of a search answer a caller may ask for, the hits' generated members included. */
    private static List<Object> everyPart(SearchResponse<?> answer) {
        List<Object> parts = new ArrayList<>(List.of(
                answer.facets(),
                answer.facetsStats(),
                answer.userData(),
                answer.appliedRules(),
                answer.records(),
                answer.cursor(),
                answer.queryID()));
        for (Hit<?> hit : answer.hits()) {
            parts.addAll(List.of(
                    hit.raw(),
                    hit.objectID(),
                    hit.highlight("name"),
                    hit.highlights("tags"),
                    hit.snippet("name"),
                    hit.snippets("tags"),
                    hit.rankingInfo(),
                    hit.highlightResult()));
        }
        return parts;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // liveness only: a hanging call is reported by the check itself
    void everyMutatedAnswerIsReadOrFailsTyped() {
        MOCK.server()
                .seed(
                        "{\"indices\":{\"products\":{\"settings\":{\"attributesForFaceting\":[\"searchable(brand)\"],"
                                + "\"searchableAttributes\":[\"name\",\"tags\"]},\"records\":["
                                + "{\"objectID\":\"p1\",\"name\":\"red lamp\",\"brand\":\"Acme\",\"price\":12.5,\"tags\":[\"home\"]},"
                                + "{\"objectID\":\"p2\",\"name\":\"blue lamp\",\"brand\":\"Zeta\",\"price\":30,\"tags\":[\"desk\"]},"
                                + "{\"objectID\":\"p3\",\"name\":\"lamp shade\",\"brand\":\"Acme\",\"price\":5,\"tags\":[]}]}}}");
        SearchIndex setUp = direct.index("products");
        setUp.waitForTask(
                setUp.synonyms().save(Synonym.regular("s1", "lamp", "light")).taskID(), TestWaits.FAST);
        setUp.waitForTask(
                setUp.rules()
                        .save(Rule.of(
                                "r1",
                                RuleCondition.of("lamp", Anchoring.IS),
                                RuleConsequence.promote(Promotion.of("p3", 0)).withUserData(Map.of("banner", "b"))))
                        .taskID(),
                TestWaits.FAST);
        String key =
                direct.apiKeys().add(ApiKey.of(Acl.SEARCH).description("front")).key();
        SearchIndex products = client.index("products");
        long savedTask = setUp.saveObject("p5", Map.of("name", "lamp")).taskID();
        SearchQuery lamps = SearchQuery.of("lamp").facets("brand").getRankingInfo(true);

        MutatedAnswers.of(WM, MOCK.server().url())
                .call("search", () -> products.search(lamps, Product.class))
                .call(
                        "search free-form",
                        () -> products.search(lamps, FreeFormRecord.class).records())
                .call(
                        "searchAsync",
                        () -> products.searchAsync(lamps, Product.class).join())
                .call(
                        "searchForFacetValues",
                        () -> products.searchForFacetValues(FacetValuesQuery.of("brand")
                                .facetQuery("ac")
                                .query(SearchQuery.of())
                                .maxFacetHits(5)))
                .call("browsePage", () -> products.browsePage(SearchQuery.of(), Product.class))
                .call(
                        "multiSearch",
                        () -> client.multiSearch(
                                List.of(
                                        IndexQuery.of("products", lamps),
                                        IndexQuery.facet("products", "brand", "a", SearchQuery.of())),
                                null,
                                Product.class))
                .call("getObject", () -> products.getObject("p1", Product.class))
                .call(
                        "getObjects",
                        () -> client.getObjects(
                                List.of(ObjectRequest.of("products", "p1"), ObjectRequest.of("products", "nope")),
                                Product.class))
                .call("getSettings", products::getSettings)
                .call("setSettings", () -> products.setSettings(setUp.getSettings()))
                .call("saveObject", () -> products.saveObject("p4", Map.of("name", "green lamp")))
                .call("addObject", () -> products.addObject(Map.of("name", "white lamp")))
                .call("partialUpdateObject", () -> products.partialUpdateObject("p4", Map.of("price", 3)))
                .call(
                        "batch",
                        () -> products.batch(List.of(BatchOperation.of(BatchAction.ADD_OBJECT, Map.of("name", "x")))))
                .call(
                        "multipleBatch",
                        () -> client.multipleBatch(List.of(
                                BatchOperation.onIndex("products", BatchAction.ADD_OBJECT, Map.of("name", "y")))))
                .call("deleteObject", () -> products.deleteObject("p4"))
                // one task each, asked again and again: a new task would be asked at another URL than the one mutated
                .call("getTask", () -> products.getTask(savedTask))
                .call("listIndices", client::listIndices)
                .call("exists", products::exists)
                .call("synonyms.get", () -> products.synonyms().get("s1"))
                .call("synonyms.search", () -> products.synonyms().search(SynonymQuery.of("")))
                .call("rules.get", () -> products.rules().get("r1"))
                .call("rules.search", () -> products.rules().search(RuleQuery.of("")))
                .call("apiKeys.list", () -> client.apiKeys().list())
                .call("apiKeys.get", () -> client.apiKeys().get(key))
                .call("apiKeys.add", () -> client.apiKeys().add(ApiKey.of(Acl.BROWSE)))
                .call(
                        "dictionaries.search",
                        () -> client.dictionaries().search(DictionaryName.STOPWORDS, DictionaryQuery.of("the")))
                .call("dictionaries.getSettings", () -> client.dictionaries().getSettings())
                .call("dictionaries.getLanguages", () -> client.dictionaries().getLanguages())
                .call("getLogs", () -> client.getLogs(LogsQuery.of()))
                .call("waitForTask", () -> products.waitForTask(savedTask, FEW))
                .call("waitForApiKey", () -> client.apiKeys().waitForApiKey(key, ApiKeyChange.ADD, null, FEW))
                .call("saveObjects", () -> products.saveObjects(List.of(Map.of("objectID", "p7", "name", "lamp"))))
                // the caller's records, free-form members and those the SDK leaves out
                .untypedIn("search", "$.hits[*]")
                .untypedIn("search free-form", "$.hits[*]")
                .untypedIn("searchAsync", "$.hits[*]")
                .untypedIn("browsePage", "$.hits[*]")
                .untypedIn("multiSearch", "$.results[*].hits[*]")
                .untypedIn("getObject", "$")
                .untypedIn("getObjects", "$.results[*]")
                .untypedIn("getSettings", "$")
                .untypedIn("exists", "$")
                .untyped(
                        "$.exhaustive",
                        "$.userData",
                        "$.results[*].userData",
                        "$.consequence.userData",
                        "$.consequence.params",
                        "$.hits[*].consequence.userData",
                        "$.hits[*].consequence.params")
                .check(SEED, 150)
                .checkTypes(SEED, 50);
    }
}
