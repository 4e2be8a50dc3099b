package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.HighlightResult;
import io.quarry.search.model.Hit;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.MockServerClients;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a hit keeps of its response by default: the generated members the answer holds, as bytes of their own, and
 * nothing else of the body; a hit without generated members keeps no bytes at all.
 */
@Tag("classpath-sensitive")
class HitRetentionContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("jobs");

    /** A record type with no field for a generated member. */
    record Job(String objectID, String title, String city) {}

    @BeforeEach
    void seed() {
        MOCK.server()
                .seed(("{'indices':{'jobs':{'settings':{'searchableAttributes':['title']},'records':["
                                + "{'objectID':'1','title':'senior engineer','city':'Lyon'},"
                                + "{'objectID':'2','title':'engineer','city':'Oslo'}]}}}")
                        .replace('\'', '"'));
    }

    @Test
    void aSearchWhoseAnswerHasNoGeneratedMembersKeepsNoBytesOfIt() {
        SearchResponse<Job> found = index.search(SearchQuery.of("engineer").attributesToHighlight(), Job.class);

        assertThat(found.hits()).hasSize(2);
        for (Hit<Job> hit : found.hits()) {
            assertThat(bytesKeptBy(hit)).isEmpty();
            assertThat(hit.objectID()).isPresent();
            assertThat(hit.generatedMembers().attributes()).isEmpty();
        }
    }

    @Test
    void aDefaultSearchKeepsItsHitsGeneratedMembersOnlyNotTheirRecords() {
        SearchResponse<Job> found = index.search(SearchQuery.of("engineer"), Job.class);

        for (Hit<Job> hit : found.hits()) {
            List<String> kept = bytesKeptBy(hit);
            assertThat(kept).hasSize(1);
            assertThat(kept.get(0)).startsWith("{\"_highlightResult\":").doesNotContain("\"city\"", "\"objectID\"");
        }
    }

    @Test
    void aSearchAskingForHighlightsAndRankingInfoStillServesThem() {
        SearchResponse<Job> found = index.search(
                SearchQuery.of("senior").attributesToHighlight("title").getRankingInfo(true), Job.class);

        Hit<Job> hit = found.hits().get(0);
        assertThat(hit.record()).isEqualTo(new Job("1", "senior engineer", "Lyon"));
        assertThat(hit.highlight("title")).map(HighlightResult::value).hasValue("<em>senior</em> engineer");
        assertThat(hit.rankingInfo()).isPresent();
        FreeFormRecord raw = hit.raw();
        assertThat(raw.getString("city")).hasValue("Lyon");
        assertThat(raw.has("_highlightResult")).isTrue();
    }

    /**
     * The byte arrays a hit reaches through the SDK's own objects (its record's values excluded, which are the
     * caller's): what it keeps of the response, as text.
     */
    private static List<String> bytesKeptBy(Hit<?> hit) {
        List<byte[]> found = new ArrayList<>();
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        walk(hit, hit.record(), seen, found);
        return found.stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    }

    private static void walk(Object value, Object record, Set<Object> seen, List<byte[]> found) {
        if (value == null || value == record || !seen.add(value)) {
            return;
        }
        if (value instanceof byte[] bytes) {
            found.add(bytes);
            return;
        }
        if (!value.getClass().getName().startsWith("io.quarry.")) {
            // JDK and Jackson values (decoded strings, maps) hold no body bytes of their own
            return;
        }
        for (Class<?> type = value.getClass(); type != null; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers()) && !field.getType().isPrimitive()) {
                    field.setAccessible(true);
                    try {
                        walk(field.get(value), record, seen, found);
                    } catch (IllegalAccessException e) {
                        throw new AssertionError(e);
                    }
                }
            }
        }
    }
}
