package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.DeserializationException;
import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.RequestOptions;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Hit;
import io.quarry.search.model.IndexQuery;
import io.quarry.search.model.MultiSearchResult;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.MockServerClients;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A search keeps each of its hits' generated members only when asked: highlights when its query names attributes to
 * highlight or sets a highlight tag, snippets when it names attributes to snippet or sets the ellipsis, ranking info
 * when it asks for it; every one with {@link RequestOptions.Builder#keepGeneratedMembers()}. A hit asked for a member
 * not kept says how to ask; one that kept none keeps nothing of the answer but its record and objectID.
 */
@Tag("classpath-sensitive")
class GeneratedMembersWhenAskedContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("jobs");
    private final SearchIndex keeping =
            index.withOptions(RequestOptions.builder().keepGeneratedMembers().build());

    /** A record with its own objectID property. */
    record Job(String objectID, String title) {}

    /** A record without one, and without any generated member. */
    record Title(String title) {}

    @BeforeEach
    void seed() {
        MOCK.server()
                .seed(("{'indices':{'jobs':{'settings':{'searchableAttributes':['title']},'records':["
                                + "{'objectID':'1','title':'senior engineer'},"
                                + "{'objectID':'2','title':'engineer'}]},"
                                + "'highlighted':{'settings':{'searchableAttributes':['title'],"
                                + "'attributesToHighlight':['title']},'records':["
                                + "{'objectID':'1','title':'senior engineer'}]}}}")
                        .replace('\'', '"'));
    }

    @Test
    void aDefaultSearchKeepsNoHitBytesButTheRecordsAndObjectIDs() {
        SearchQuery query = SearchQuery.of("engineer");
        SearchResponse<Title> lean = index.search(query, Title.class);
        SearchResponse<Title> kept = keeping.search(query, Title.class);

        assertThat(lean.records()).isEqualTo(kept.records());
        // from the answer, though the record type has no objectID of its own
        assertThat(lean.hits()).extracting(h -> h.objectID().orElseThrow()).containsExactly("2", "1");
        assertThat(lean.hits()).allSatisfy(GeneratedMembersWhenAskedContractTest::keepsNoBytes);
        assertThat(kept.hits().get(0).highlight("title")).isPresent();
        // the view of a hit that kept nothing is its record's attributes
        assertThat(lean.hits().get(0).raw().attributes()).isEqualTo(Map.of("title", "engineer"));
    }

    @Test
    void askingAHitThatKeptNothingForAGeneratedMemberSaysHowToAsk() {
        Hit<Job> hit = index.search(SearchQuery.of("senior"), Job.class).hits().get(0);

        List<ThrowingCallable> asks = List.of(
                () -> hit.highlight("title"),
                () -> hit.highlights("title"),
                () -> hit.snippet("title"),
                () -> hit.snippets("title"),
                hit::highlightResult,
                hit::snippetResult,
                hit::rankingInfo,
                hit::generatedMembers);
        for (ThrowingCallable ask : asks) {
            assertThatThrownBy(ask)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("attributesToHighlight")
                    .hasMessageContaining("getRankingInfo")
                    .hasMessageContaining("RequestOptions.builder().keepGeneratedMembers()");
        }
        assertThat(hit.objectID()).contains("1");
        assertThat(hit.record()).isEqualTo(new Job("1", "senior engineer"));
    }

    @Test
    void aQueryAskingForHighlightingSnippetsOrRankingInfoIsServed() {
        Hit<Job> highlighted = index.search(SearchQuery.of("senior").attributesToHighlight("title"), Job.class)
                .hits()
                .get(0);
        assertThat(highlighted.highlight("title").orElseThrow().value()).isEqualTo("<em>senior</em> engineer");

        Hit<Job> snippeted = index.search(SearchQuery.of("senior").attributesToSnippet("title"), Job.class)
                .hits()
                .get(0);
        assertThat(snippeted.snippet("title")).isPresent();

        Hit<Job> ranked = index.search(SearchQuery.of("senior").getRankingInfo(true), Job.class)
                .hits()
                .get(0);
        assertThat(ranked.rankingInfo()).isPresent();

        Hit<Job> tagged = index.search(SearchQuery.of("senior").highlightPreTag("<b>"), Job.class)
                .hits()
                .get(0);
        assertThat(tagged.highlight("title").orElseThrow().value()).startsWith("<b>senior");
    }

    @Test
    void everyFormOfTheQueryCanAsk() {
        Map<SearchQuery, String> asking = new java.util.LinkedHashMap<>();
        asking.put(SearchQuery.of("senior").param("attributesToHighlight", "title"), "_highlightResult");
        asking.put(SearchQuery.of("senior").param("attributesToHighlight", List.of("title")), "_highlightResult");
        asking.put(SearchQuery.of("senior").param("attributesToHighlight", new String[] {"title"}), "_highlightResult");
        asking.put(SearchQuery.of("senior").param("getRankingInfo", "true"), "_rankingInfo");
        asking.put(SearchQuery.of("senior").param("getRankingInfo", 1), "_rankingInfo");
        asking.put(SearchQuery.of("senior").param("highlightPostTag", "</b>"), "_highlightResult");
        asking.put(SearchQuery.of("senior").param("snippetEllipsisText", "..."), "_snippetResult");
        asking.put(
                SearchQuery.of(Map.of("query", "senior", "attributesToSnippet", List.of("title"))), "_snippetResult");
        asking.put(SearchQuery.of("senior").param("params", "getRankingInfo=true"), "_rankingInfo");
        asking.put(
                SearchQuery.of("senior").param("params", "attributesToHighlight=%5B%22title%22%5D"),
                "_highlightResult");
        asking.forEach((query, member) -> {
            for (SearchIndex way : List.of(index, index.withParametersInUrl())) {
                Hit<Job> hit = way.search(query, Job.class).hits().get(0);
                String what = (way == index ? "POST " : "GET ") + query;
                assertThat(hit.generatedMembers().names()).as(what).isSubsetOf(member);
                // kept, none sent: the ellipsis alone asks for snippets, which this index's settings do not make
                boolean noneSent = query.params().containsKey("snippetEllipsisText");
                if (!noneSent) {
                    assertThat(hit.generatedMembers().names()).as(what).containsExactly(member);
                }
                for (ThrowingCallable other : othersThan(hit, member)) {
                    assertThatThrownBy(other).as(what).isInstanceOf(IllegalStateException.class);
                }
            }
        });

        List<SearchQuery> notAsking = List.of(
                SearchQuery.of("senior").attributesToHighlight(),
                SearchQuery.of("senior").param("attributesToHighlight", "[]"),
                SearchQuery.of("senior").param("attributesToHighlight", ""),
                SearchQuery.of("senior").getRankingInfo(false),
                SearchQuery.of("senior").param("getRankingInfo", "false"),
                SearchQuery.of("senior").param("params", "hitsPerPage=5"));
        for (SearchQuery query : notAsking) {
            Hit<Job> hit = index.search(query, Job.class).hits().get(0);
            assertThatThrownBy(hit::generatedMembers).as(query.toString()).isInstanceOf(IllegalStateException.class);
        }
    }

    /** The accessors of a hit for the members other than one. */
    private static List<ThrowingCallable> othersThan(Hit<?> hit, String member) {
        List<ThrowingCallable> others = new java.util.ArrayList<>();
        if (!member.equals("_highlightResult")) {
            others.addAll(List.of(() -> hit.highlight("title"), () -> hit.highlights("title"), hit::highlightResult));
        }
        if (!member.equals("_snippetResult")) {
            others.addAll(List.of(() -> hit.snippet("title"), () -> hit.snippets("title"), hit::snippetResult));
        }
        if (!member.equals("_rankingInfo")) {
            others.add(hit::rankingInfo);
        }
        return others;
    }

    @Test
    void eachMemberAskedAloneIsKeptAloneAndAskingForAnotherSaysHowToAskForIt() {
        SearchQuery senior = SearchQuery.of("senior");
        Hit<Job> ranked =
                index.search(senior.getRankingInfo(true), Job.class).hits().get(0);
        assertThat(ranked.rankingInfo()).isPresent();
        assertThat(ranked.generatedMembers().names()).containsExactly("_rankingInfo");
        // the service highlights every searchable attribute by default: those highlights were stepped over
        assertThatThrownBy(() -> ranked.highlight("title"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("did not keep _highlightResult")
                .hasMessageContaining("attributesToHighlight")
                .hasMessageContaining("RequestOptions.builder().keepGeneratedMembers()");
        assertThatThrownBy(() -> ranked.snippet("title"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("attributesToSnippet");

        Hit<Job> highlighted = index.search(senior.attributesToHighlight("title"), Job.class)
                .hits()
                .get(0);
        assertThat(highlighted.highlight("title")).isPresent();
        assertThat(highlighted.generatedMembers().names()).containsExactly("_highlightResult");
        assertThatThrownBy(highlighted::rankingInfo)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("getRankingInfo");

        Hit<Job> snippeted = index.search(senior.attributesToSnippet("title"), Job.class)
                .hits()
                .get(0);
        assertThat(snippeted.snippet("title")).isPresent();
        assertThat(snippeted.generatedMembers().names()).containsExactly("_snippetResult");
        assertThatThrownBy(() -> snippeted.highlights("title")).isInstanceOf(IllegalStateException.class);

        Hit<Job> both = index.search(senior.getRankingInfo(true).attributesToSnippet("title"), Job.class)
                .hits()
                .get(0);
        assertThat(both.generatedMembers().names()).containsExactlyInAnyOrder("_snippetResult", "_rankingInfo");
        assertThat(both.raw().names()).containsExactly("objectID", "title", "_snippetResult", "_rankingInfo");

        Hit<Job> all =
                keeping.search(senior.getRankingInfo(true), Job.class).hits().get(0);
        assertThat(all.highlight("title")).isPresent();
        assertThat(all.rankingInfo()).isPresent();
    }

    @Test
    void theOptionsUrlParametersAskOnAGetSearchWhereTheServiceReadsThem() {
        RequestOptions ranking = RequestOptions.builder()
                .queryParameter("getRankingInfo", "true")
                .build();

        Hit<Job> get = index.withOptions(ranking)
                .withParametersInUrl()
                .search(SearchQuery.of("senior"), Job.class)
                .hits()
                .get(0);
        assertThat(get.rankingInfo()).isPresent();
        assertThatThrownBy(() -> get.highlight("title")).isInstanceOf(IllegalStateException.class);
        SearchResponse<Job> browsed =
                index.withParametersInUrl().withOptions(ranking).browsePage(SearchQuery.of(), Job.class);
        assertThat(browsed.hits().get(0).generatedMembers().names()).isEmpty();

        // a POST search's parameters are its body's: the service reads no search parameter from its URL
        Hit<Job> post = index.withOptions(ranking)
                .search(SearchQuery.of("senior"), Job.class)
                .hits()
                .get(0);
        assertThatThrownBy(post::rankingInfo).isInstanceOf(IllegalStateException.class);
        assertThat(index.withOptions(ranking)
                        .withOptions(
                                RequestOptions.builder().keepGeneratedMembers().build())
                        .search(SearchQuery.of("senior"), Job.class)
                        .hits()
                        .get(0)
                        .generatedMembers()
                        .names())
                .as("what the service sent")
                .doesNotContain("_rankingInfo");
    }

    @Test
    void keepGeneratedMembersKeepsWhatTheIndexSettingsAskFor() {
        SearchIndex settingsHighlight = client.index("highlighted");

        Hit<Job> lean = settingsHighlight
                .search(SearchQuery.of("senior"), Job.class)
                .hits()
                .get(0);
        assertThatThrownBy(() -> lean.highlight("title")).isInstanceOf(IllegalStateException.class);

        Hit<Job> kept = settingsHighlight
                .withOptions(RequestOptions.builder().keepGeneratedMembers().build())
                .searchAsync(SearchQuery.of("senior"), Job.class)
                .join()
                .hits()
                .get(0);
        assertThat(kept.highlight("title").orElseThrow().value()).isEqualTo("<em>senior</em> engineer");
    }

    @Test
    void aMultiSearchKeepsInEachResultWhatItsOwnQueryAsked() {
        List<IndexQuery> oneAsks = List.of(
                IndexQuery.of("jobs", SearchQuery.of("senior")),
                IndexQuery.of("jobs", SearchQuery.of("senior").getRankingInfo(true)),
                IndexQuery.of("jobs", SearchQuery.of("senior").attributesToHighlight("title")));
        List<MultiSearchResult<Job>> results = client.multiSearch(oneAsks, null, Job.class);
        Hit<Job> plain = results.get(0).search().orElseThrow().hits().get(0);
        Hit<Job> ranked = results.get(1).search().orElseThrow().hits().get(0);
        Hit<Job> highlighted = results.get(2).search().orElseThrow().hits().get(0);

        keepsNoBytes(plain);
        assertThat(plain.objectID()).contains("1");
        assertThatThrownBy(plain::rankingInfo).isInstanceOf(IllegalStateException.class);
        assertThat(ranked.rankingInfo()).isPresent();
        assertThatThrownBy(() -> ranked.highlight("title")).isInstanceOf(IllegalStateException.class);
        assertThat(highlighted.highlight("title")).isPresent();
        assertThatThrownBy(highlighted::rankingInfo).isInstanceOf(IllegalStateException.class);

        List<MultiSearchResult<Job>> kept = client.withOptions(
                        RequestOptions.builder().keepGeneratedMembers().build())
                .multiSearch(oneAsks, null, Job.class);
        assertThat(kept.get(0).search().orElseThrow().hits().get(0).highlight("title"))
                .isPresent();

        List<MultiSearchResult<Title>> lean = client.multiSearchAsync(
                        List.of(IndexQuery.of("jobs", SearchQuery.of("senior"))), null, Title.class)
                .join();
        Hit<Title> hit = lean.get(0).search().orElseThrow().hits().get(0);
        keepsNoBytes(hit);
        assertThat(hit.objectID()).contains("1");
        assertThatThrownBy(hit::highlightResult).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void browsePagesFollowTheSameRule() {
        SearchResponse<Title> first = index.browsePage(SearchQuery.of().hitsPerPage(1), Title.class);
        assertThat(first.hits()).allSatisfy(GeneratedMembersWhenAskedContractTest::keepsNoBytes);
        assertThat(first.hits().get(0).objectID()).isPresent();
        assertThatThrownBy(() -> first.hits().get(0).highlightResult()).isInstanceOf(IllegalStateException.class);

        SearchResponse<Title> next = index.browsePageFrom(first.cursor().orElseThrow(), Title.class);
        assertThat(next.hits().get(0).objectID()).isPresent();
        assertThatThrownBy(() -> next.hits().get(0).generatedMembers()).isInstanceOf(IllegalStateException.class);

        // browse answers carry no highlight; asked for, the hits answer that there is none
        SearchResponse<Title> asked = index.browsePage(SearchQuery.of().attributesToHighlight("title"), Title.class);
        assertThat(asked.hits().get(0).highlightResult()).isEmpty();
        SearchResponse<Title> keptNext = keeping.browsePageFrom(first.cursor().orElseThrow(), Title.class);
        assertThat(keptNext.hits().get(0).highlightResult()).isEmpty();

        assertThat(index.browseObjects(Title.class).stream().map(Title::title))
                .containsExactlyInAnyOrder("senior engineer", "engineer");
    }

    @Test
    void freeFormAndMapHitsStillTakeEveryMember() {
        SearchResponse<FreeFormRecord> free = index.search(SearchQuery.of("senior"), FreeFormRecord.class);
        assertThat(free.hits().get(0).record().names()).contains("objectID", "title", "_highlightResult");
        assertThat(free.hits().get(0).highlight("title")).isPresent();

        @SuppressWarnings("rawtypes")
        SearchResponse<Map> maps = index.search(SearchQuery.of("senior"), Map.class);
        assertThat(List.copyOf(((Map<?, ?>) maps.hits().get(0).record()).keySet()))
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
                .contains("objectID", "title", "_highlightResult");
        assertThat(maps.hits().get(0).highlight("title")).isPresent();
    }

    @Test
    void anAnswerTooLargeForAPooledArrayIsDecodedAsItArrivesAlike() {
        // 200 hits of about 300 bytes: past the 32 KB an answer is copied into before it is parsed
        StringBuilder records = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            records.append(i == 0 ? "" : ",")
                    .append("{'objectID':'r")
                    .append(i)
                    .append("','title':'engineer ")
                    .append("x".repeat(280))
                    .append(i)
                    .append("'}");
        }
        MOCK.server()
                .seed(("{'indices':{'many':{'settings':{'searchableAttributes':['title']},'records':[" + records
                                + "]}}}")
                        .replace('\'', '"'));
        SearchQuery query = SearchQuery.of("engineer").hitsPerPage(200);

        SearchResponse<Title> lean = client.index("many").search(query, Title.class);
        SearchResponse<Title> kept = client.index("many")
                .withOptions(RequestOptions.builder().keepGeneratedMembers().build())
                .search(query, Title.class);

        assertThat(lean.hits()).hasSize(200).allSatisfy(GeneratedMembersWhenAskedContractTest::keepsNoBytes);
        assertThat(lean.records()).isEqualTo(kept.records());
        assertThat(lean.hits())
                .extracting(h -> h.objectID().orElseThrow())
                .isEqualTo(kept.hits().stream()
                        .map(h -> h.objectID().orElseThrow())
                        .toList());
        assertThat(kept.hits().get(0).highlightResult()).isPresent();
        Hit<Title> asked = client.index("many")
                .search(query.attributesToHighlight("title"), Title.class)
                .hits()
                .get(0);
        assertThat(asked.highlight("title")).isPresent();
    }

    @Test
    void theResponseSizeLimitStillHolds() {
        try (SearchClient small = SearchClient.create(MockServerClients.config(MOCK.server()).toBuilder()
                .maxResponseBytes(100)
                .build())) {
            assertThatThrownBy(() -> small.index("jobs").search(SearchQuery.of("engineer"), Job.class))
                    .isInstanceOf(DeserializationException.class)
                    .hasMessageContaining("100-byte limit");
        }
    }

    /**
     * The hit holds no byte array: neither in its own fields nor in the objects they hold (its record aside), so
     * nothing of the answer is kept for it.
     */
    static void keepsNoBytes(Hit<?> hit) {
        EnrichedRecord<?> enriched;
        try {
            enriched = (EnrichedRecord<?>) field(hit, Hit.class.getDeclaredField("hit"));
        } catch (NoSuchFieldException e) {
            throw new AssertionError(e);
        }
        for (Field field : EnrichedRecord.class.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) || field.getName().equals("record")) {
                continue;
            }
            Object value = field(enriched, field);
            assertThat(value).as(field.getName()).isNotInstanceOf(byte[].class);
            if (value != null && !(value instanceof String)) {
                eachField(
                        value,
                        held -> assertThat(held)
                                .as(field.getName() + " holds "
                                        + value.getClass().getName())
                                .isNotInstanceOf(byte[].class));
            }
        }
    }

    private static void eachField(Object value, Consumer<Object> check) {
        for (Class<?> c = value.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    check.accept(field(value, field));
                }
            }
        }
    }

    private static Object field(Object owner, Field field) {
        try {
            field.setAccessible(true);
            return field.get(owner);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new AssertionError("cannot read " + field, e);
        }
    }
}
