package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.RequestOptions;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Hit;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.MockServerClients;
import java.lang.reflect.Field;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a search's hits keep of the answer, the record type declaring no generated member: nothing at all when the
 * search did not ask for generated members; when it asked, none of the hits' own bytes, nothing at all when the
 * service sent no generated member, and otherwise only those, which are then served.
 */
class HitRetentionContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("jobs");
    private final SearchIndex keeping =
            index.withOptions(RequestOptions.builder().keepGeneratedMembers().build());

    record Job(String title) {}

    @BeforeEach
    void seed() {
        MOCK.server()
                .seed(("{'indices':{'jobs':{'settings':{'searchableAttributes':['title']},'records':["
                                + "{'objectID':'1','title':'senior engineer','notes':'" + "x".repeat(4000) + "'},"
                                + "{'objectID':'2','title':'engineer','notes':'" + "y".repeat(4000) + "'}]}}}")
                        .replace('\'', '"'));
    }

    @Test
    void aDefaultSearchKeepsNothingOfTheAnswerThoughTheServiceSentHighlights() {
        SearchResponse<Job> found = index.search(SearchQuery.of("engineer"), Job.class);

        List<Object> kept =
                found.hits().stream().map(HitRetentionContractTest::kept).toList();
        assertThat(kept.get(0)).as("one shared answer, no bytes").isSameAs(kept.get(1));
        assertThatThrownBy(() -> keptBytes(kept.get(0))).isInstanceOf(NoSuchFieldException.class);
        assertThat(found.hits()).extracting(h -> h.objectID().orElseThrow()).containsExactly("2", "1");
        assertThat(keeping.search(SearchQuery.of("engineer"), Job.class)
                        .hits()
                        .get(0)
                        .highlightResult())
                .as("the service sent highlights")
                .isPresent();
    }

    @Test
    void aSearchWhoseAnswerHasNoGeneratedMembersKeepsNothingOfIt() {
        SearchResponse<Job> found = keeping.search(SearchQuery.of("engineer").attributesToHighlight(), Job.class);

        List<Object> kept =
                found.hits().stream().map(HitRetentionContractTest::kept).toList();
        assertThat(kept).hasSize(2);
        assertThat(kept.get(0)).as("one shared empty answer, no bytes").isSameAs(kept.get(1));
        assertThat(found.hits()).extracting(h -> h.objectID().orElseThrow()).containsExactly("2", "1");
        assertThat(found.hits().get(0).generatedMembers().attributes()).isEmpty();
        assertThat(found.hits().get(0).highlightResult()).isEmpty();
    }

    @Test
    void aSearchKeepingThemKeepsNoneOfTheHitsOwnBytesOnlyWhatTheServiceGenerated() throws Exception {
        SearchResponse<Job> found = keeping.search(SearchQuery.of("engineer"), Job.class);

        for (Hit<Job> hit : found.hits()) {
            String kept = new String(keptBytes(kept(hit)), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(kept)
                    .startsWith("{\"_highlightResult\":")
                    .doesNotContain("xxxx")
                    .doesNotContain("yyyy");
        }
        assertThat(found.hits().get(0).record().title()).isEqualTo("engineer");
    }

    @Test
    void aSearchAskingForHighlightingKeepsOnlyTheGeneratedMembersAndServesThem() throws Exception {
        SearchResponse<Job> found = index.search(SearchQuery.of("senior").attributesToHighlight("title"), Job.class);

        Hit<Job> hit = found.hits().get(0);
        byte[] members = keptBytes(kept(hit));
        assertThat(members.length)
                .as("the highlight's bytes, not the 4,000-character attribute the record type does not declare")
                .isLessThan(400);
        assertThat(hit.highlight("title").orElseThrow().value()).isEqualTo("<em>senior</em> engineer");
        assertThat(hit.objectID()).contains("1");
    }

    /** What a hit holds for its generated members before they are first asked for. */
    private static Object kept(Hit<?> hit) {
        try {
            Field inner = Hit.class.getDeclaredField("hit");
            inner.setAccessible(true);
            Field members = EnrichedRecord.class.getDeclaredField("generatedMembers");
            members.setAccessible(true);
            return members.get(inner.get(hit));
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] keptBytes(Object kept) throws ReflectiveOperationException {
        Field json = kept.getClass().getDeclaredField("json");
        json.setAccessible(true);
        return (byte[]) json.get(kept);
    }
}
