package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Anchoring;
import io.quarry.search.model.FacetHit;
import io.quarry.search.model.GeoPrecisionRange;
import io.quarry.search.model.Hit;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.MultiSearchResult;
import io.quarry.search.model.MultiSearchStrategy;
import io.quarry.search.model.RankingInfo;
import io.quarry.search.model.Rule;
import io.quarry.search.model.RuleCondition;
import io.quarry.search.model.RuleConsequence;
import io.quarry.search.model.ScoredFilter;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.search.model.Synonym;
import io.quarry.search.model.SynonymType;
import io.quarry.search.model.TimeRange;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The request shapes real clients send, through the typed models, against the mock server: both synonym type
 * spellings, facet entries in multi-index search, nested filter arrays, scored filters, precision ranges and
 * open-ended rule validity.
 */
@Tag("classpath-sensitive")
class RequestShapesContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client =
            SearchClient.create(io.quarry.testsupport.MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("jobs");

    /** A record of the test index. */
    record Job(String objectID, String title, String company, String editor) {}

    @BeforeEach
    void seed() {
        MOCK.server()
                .seed(("{'indices':{'jobs':{'settings':{'searchableAttributes':['title'],"
                                + "'attributesForFaceting':['searchable(company)','editor']},"
                                + "'synonyms':[{'objectID':'camel','type':'oneWaySynonym','input':'coder',"
                                + "'synonyms':['engineer']},{'objectID':'alt','type':'altCorrection2',"
                                + "'word':'painter','corrections':['designer']}],'records':["
                                + "{'objectID':'1','title':'engineer','company':'Google','editor':'visual studio',"
                                + "'_geoloc':{'lat':48.8566,'lng':2.3522}},"
                                + "{'objectID':'2','title':'engineer','company':'Amazon','editor':'neovim',"
                                + "'_geoloc':{'lat':48.8600,'lng':2.3600}},"
                                + "{'objectID':'3','title':'engineer','company':'Apple','editor':'goland',"
                                + "'_geoloc':{'lat':48.9000,'lng':2.4000}},"
                                + "{'objectID':'4','title':'designer','company':'Acme','editor':'emacs',"
                                + "'_geoloc':{'lat':49.5000,'lng':3.0000}}]}}}")
                        .replace('\'', '"'));
    }

    private List<String> ids(SearchQuery query) {
        return index.search(query, Job.class).hits().stream()
                .map(hit -> hit.record().objectID())
                .toList();
    }

    @Test
    void synonymTypesReadInEitherSpellingAndApply() {
        assertThat(index.synonyms().get("camel").type()).isEqualTo(SynonymType.ONE_WAY_SYNONYM);
        assertThat(index.synonyms().get("alt").type()).isEqualTo(SynonymType.ALT_CORRECTION_2);
        assertThat(SynonymType.fromWireName("altCorrection1")).isEqualTo(SynonymType.ALT_CORRECTION_1);
        assertThat(SynonymType.fromWireName("somethingNew")).isNull();
        assertThat(ids(SearchQuery.of("coder"))).containsExactlyInAnyOrder("1", "2", "3");
        assertThat(ids(SearchQuery.of("painter"))).containsExactly("4");

        index.waitForTask(
                index.synonyms()
                        .save(Synonym.altCorrection1("alt1", "artist", "designer"))
                        .taskID(),
                FAST);
        Synonym read = index.synonyms().get("alt1");
        assertThat(read.type()).isEqualTo(SynonymType.ALT_CORRECTION_1);
        assertThat(read.corrections()).containsExactly("designer");
        assertThat(ids(SearchQuery.of("artist"))).containsExactly("4");
    }

    @Test
    void facetEntriesInMultiIndexSearchAnswerTypedFacetResults() {
        List<MultiSearchResult<Job>> results = client.multiSearch(
                List.of(
                        IndexQuery.facet("jobs", "company", "a", SearchQuery.of())
                                .maxFacetHits(5),
                        IndexQuery.of("jobs", SearchQuery.of("engineer").hitsPerPage(2)),
                        IndexQuery.of("jobs", SearchQuery.of("designer")),
                        IndexQuery.facet("jobs", "company", null, SearchQuery.of("engineer"))),
                MultiSearchStrategy.STOP_IF_ENOUGH_MATCHES,
                Job.class);
        assertThat(results).hasSize(4);
        assertThat(results.get(0).isFacetSearch()).isTrue();
        assertThat(results.get(0).facetSearch().orElseThrow().facetHits())
                .extracting(FacetHit::value)
                .containsExactlyInAnyOrder("Amazon", "Apple", "Acme");
        assertThat(results.get(0).facetSearch().orElseThrow().exhaustiveFacetsCount())
                .isTrue();
        assertThat(results.get(0).index()).contains("jobs");
        SearchResponse<Job> hits = results.get(1).search().orElseThrow();
        assertThat(hits.nbHits()).isEqualTo(3);
        assertThat(hits.records()).extracting(Job::title).containsOnly("engineer");
        assertThat(results.get(2).search().orElseThrow().processed()).isFalse();
        assertThat(results.get(3).facetSearch().orElseThrow().facetHits())
                .extracting(FacetHit::value)
                .containsExactlyInAnyOrder("Google", "Amazon", "Apple");

        assertThat(client.multiSearchAsync(List.of(IndexQuery.of("jobs", SearchQuery.of("designer"))), null, Job.class)
                        .join()
                        .get(0)
                        .search()
                        .orElseThrow()
                        .nbHits())
                .isEqualTo(1);
    }

    @Test
    void nestedFilterArraysAreOrGroups() {
        assertThat(ids(SearchQuery.of()
                        .facetFilters(
                                List.of("editor:'visual studio'", List.of("editor:neovim", List.of("editor:goland"))))))
                .isEmpty();
        assertThat(ids(SearchQuery.of()
                        .facetFilters(
                                List.of(List.of("editor:neovim", List.of("editor:goland", List.of("editor:emacs")))))))
                .containsExactlyInAnyOrder("2", "3", "4");
        assertThat(ids(SearchQuery.of()
                        .facetFilters(List.of(List.of("company:Google", List.of("company:Amazon")), "editor:neovim"))))
                .containsExactly("2");
        assertThat(ids(SearchQuery.of("engineer")
                        .optionalFilters(List.of(List.of("company:Apple", List.of("company:Amazon<score=2>"))))))
                .startsWith("2");
        assertThat(ids(SearchQuery.of()
                        .tagFilters(List.of(List.of("a", List.of("b"))))
                        .numericFilters(List.of(List.of("x>1", List.of("x<0"))))))
                .isEmpty();
    }

    @Test
    void scoredFiltersRankTheHits() {
        String filters = ScoredFilter.anyOf(
                ScoredFilter.of("company:Google", 1),
                ScoredFilter.of("company:Amazon", 2),
                ScoredFilter.of("editor:neovim", 4));
        assertThat(filters).isEqualTo("(company:Google<score=1> OR company:Amazon<score=2> OR editor:neovim<score=4>)");
        SearchResponse<Job> best =
                index.search(SearchQuery.of().filters(filters).getRankingInfo(true), Job.class);
        assertThat(best.records()).extracting(Job::objectID).containsExactly("2", "1");
        assertThat(filtersScore(best.hits().get(0))).isEqualTo(4);
        SearchResponse<Job> summed = index.search(
                SearchQuery.of().filters(filters).sumOrFiltersScores(true).getRankingInfo(true), Job.class);
        assertThat(filtersScore(summed.hits().get(0))).isEqualTo(6);
        assertThatThrownBy(() -> ScoredFilter.of("company:Google", -1)).isInstanceOf(InvalidRequestException.class);
    }

    private static int filtersScore(Hit<Job> hit) {
        return hit.rankingInfo().map(RankingInfo::filters).orElseThrow();
    }

    @Test
    void aroundPrecisionTakesRanges() {
        SearchResponse<Job> response = index.search(
                SearchQuery.of()
                        .aroundLatLng("48.8566,2.3522")
                        .aroundPrecision(List.of(GeoPrecisionRange.of(0, 25), GeoPrecisionRange.of(2000, 1000)))
                        .getRankingInfo(true),
                Job.class);
        assertThat(response.records()).extracting(Job::objectID).containsExactly("1", "2", "3", "4");
        assertThat(response.hits())
                .extracting(hit -> hit.rankingInfo().orElseThrow().geoPrecision())
                .containsExactly(25, 25, 1000, 1000);
        assertThat(SearchQuery.of()
                        .aroundPrecision(List.of(GeoPrecisionRange.of(0, 25)))
                        .toParamString())
                .isEqualTo("aroundPrecision="
                        + java.net.URLEncoder.encode(
                                "[{\"from\":0,\"value\":25}]", java.nio.charset.StandardCharsets.UTF_8));
        assertThatThrownBy(() -> GeoPrecisionRange.of(0, 0)).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> SearchQuery.of().aroundPrecision(List.of()))
                .isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void ruleValidityMayLeaveAnEndOpen() {
        Instant now = Instant.now();
        RuleConsequence userData = RuleConsequence.params(null).withUserData(Map.of("banner", "on"));
        Rule started = Rule.of("started", RuleCondition.of("engineer", Anchoring.CONTAINS), userData)
                .validity(TimeRange.startingAt(now.minus(1, ChronoUnit.HOURS)));
        Rule ended = Rule.of("ended", RuleCondition.of("engineer", Anchoring.CONTAINS), userData)
                .validity(TimeRange.endingAt(now.minus(1, ChronoUnit.HOURS)));
        index.waitForTask(index.rules().saveAll(List.of(started, ended)).taskID(), FAST);
        Rule read = index.rules().get("started");
        assertThat(read.validity()).hasSize(1);
        assertThat(read.validity().get(0).until()).isNull();
        assertThat(read.validity().get(0).from())
                .isEqualTo(now.minus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS));
        assertThat(index.search(SearchQuery.of("engineer"), Job.class).appliedRules())
                .extracting(rule -> rule.objectID())
                .containsExactly("started");
        // Neither end: always. The service takes it, so the client sends it and reads it back.
        Rule always = Rule.of("always", RuleCondition.of("engineer", Anchoring.CONTAINS), userData)
                .validity(new TimeRange(null, null));
        index.waitForTask(index.rules().save(always).taskID(), FAST);
        assertThat(index.rules().get("always").validity()).containsExactly(new TimeRange(null, null));
    }
}
