package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.DeserializationException;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.RequestOptions;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Hit;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.MockServerClients;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Searches decoded without the hits' generated members: same records, nothing of the body kept. */
@Tag("classpath-sensitive")
class WithoutGeneratedMembersContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("jobs");
    private final SearchIndex lean =
            index.withOptions(RequestOptions.builder().withoutGeneratedMembers().build());

    /** A record with its own objectID property. */
    record Job(String objectID, String title) {}

    /** A record without one. */
    record Title(String title) {}

    @BeforeEach
    void seed() {
        MOCK.server()
                .seed(("{'indices':{'jobs':{'settings':{'searchableAttributes':['title']},'records':["
                                + "{'objectID':'1','title':'senior engineer'},"
                                + "{'objectID':'2','title':'engineer'}]}}}")
                        .replace('\'', '"'));
    }

    @Test
    void hitsCarryTheSameRecordsAndObjectIDsButNoGeneratedMembers() {
        SearchQuery query = SearchQuery.of("engineer");
        SearchResponse<Job> kept = index.search(query, Job.class);
        SearchResponse<Job> dropped = lean.search(query, Job.class);

        assertThat(dropped.hits())
                .extracting(Hit::record)
                .isEqualTo(kept.hits().stream().map(Hit::record).toList());
        assertThat(dropped.hits()).extracting(h -> h.objectID().orElseThrow()).containsExactly("2", "1");
        assertThat(dropped.nbHits()).isEqualTo(kept.nbHits());
        assertThat(kept.hits().get(0).highlightResult()).isPresent();
        assertThatThrownBy(() -> dropped.hits().get(0).highlightResult())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("withoutGeneratedMembers");
    }

    @Test
    void asyncFormAndFreeFormRecordsToo() {
        SearchResponse<Job> async =
                lean.searchAsync(SearchQuery.of("senior"), Job.class).join();
        assertThat(async.hits()).extracting(h -> h.record().title()).containsExactly("senior engineer");

        // free-form records keep every member they are given
        SearchResponse<FreeFormRecord> free = lean.search(SearchQuery.of("senior"), FreeFormRecord.class);
        assertThat(free.hits().get(0).record().objectID()).contains("1");
    }

    @Test
    void aRecordTypeWithoutObjectIDHasNone() {
        SearchResponse<Title> titles = lean.search(SearchQuery.of("senior"), Title.class);

        assertThat(titles.hits().get(0).record().title()).isEqualTo("senior engineer");
        assertThat(titles.hits().get(0).objectID()).isEmpty();
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

        SearchResponse<Job> kept = client.index("many").search(query, Job.class);
        SearchResponse<Job> dropped = client.index("many")
                .withOptions(RequestOptions.builder().withoutGeneratedMembers().build())
                .search(query, Job.class);

        assertThat(dropped.hits()).hasSize(200);
        assertThat(dropped.records()).isEqualTo(kept.records());
        assertThat(dropped.hits())
                .extracting(h -> h.objectID().orElseThrow())
                .isEqualTo(kept.hits().stream()
                        .map(h -> h.objectID().orElseThrow())
                        .toList());
    }

    @Test
    void theResponseSizeLimitStillHolds() {
        try (SearchClient small = SearchClient.create(MockServerClients.config(MOCK.server()).toBuilder()
                .maxResponseBytes(100)
                .build())) {
            SearchIndex tiny = small.index("jobs")
                    .withOptions(
                            RequestOptions.builder().withoutGeneratedMembers().build());

            assertThatThrownBy(() -> tiny.search(SearchQuery.of("engineer"), Job.class))
                    .isInstanceOf(DeserializationException.class)
                    .hasMessageContaining("100-byte limit");
        }
    }
}
