package io.quarry.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarry.core.ApiClient;
import io.quarry.core.ClientConfig;
import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.Host;
import io.quarry.core.internal.Json;
import io.quarry.core.internal.RecordMapperJson;
import io.quarry.core.testing.Article;
import io.quarry.core.testing.ArticleRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * For the client that writes it, a record keeps its own objectID and is sent as it is when that client surely
 * writes one; otherwise it gets the default exactly as a watched record does, and the ID is made only then.
 */
class DefaultObjectIDTest {

    /** An empty ID is left out, so the record is watched. */
    public record NonEmpty(
            @JsonInclude(JsonInclude.Include.NON_EMPTY) String objectID, String title) {}

    /** Hides the ID from a record mapper. */
    @JsonIgnoreProperties("objectID")
    interface HideObjectID {}

    private static final ClientModule MODULE = new ClientModule("Test", "1", DefaultHosts.searchStyle());

    @AutoClose
    private final ApiClient sdk = client(ClientConfig.builder("app", "key"));

    private final Counting ids = new Counting();

    @Test
    void aRecordWithItsOwnIDIsSentAsItIsAndWrittenExactlyAsJacksonWritesIt() {
        Article article = new Article("a1", "Lamp");
        ArticleRecord record = new ArticleRecord("r1", "Lamp", List.of("a"), 9.5, null, null);

        assertThat(DefaultObjectID.of(sdk, article, ids)).isSameAs(article);
        assertThat(DefaultObjectID.of(sdk, record, ids)).isSameAs(record);
        assertThat(ids.calls.get()).isZero();

        JsonMapper plain = JsonMapper.builder().build();
        assertThat(Json.toJsonString(Map.of("body", DefaultObjectID.of(sdk, article, ids))))
                .isEqualTo("{\"body\":" + plain.writeValueAsString(article) + "}")
                .isEqualTo(
                        "{\"body\":{\"available\":true,\"objectID\":\"a1\",\"price\":9.5,\"tags\":[\"a\",\"b\",\"c\"],"
                                + "\"title\":\"Lamp\"}}");
    }

    @Test
    void aRecordWithoutIDGetsOneMadeOnceAtItsEnd() {
        Object body = DefaultObjectID.of(sdk, new Article(null, "Lamp"), ids);

        assertThat(ids.calls.get()).isEqualTo(1);
        String once = Json.toJsonString(body);
        assertThat(once)
                .isEqualTo("{\"available\":true,\"price\":9.5,\"tags\":[\"a\",\"b\",\"c\"],\"title\":\"Lamp\","
                        + "\"objectID\":\"id-1\"}");
        // a request sent again writes the same ID
        assertThat(Json.toJsonString(body)).isEqualTo(once);
        assertThat(ids.calls.get()).isEqualTo(1);
        assertThat(ObjectIDs.present(body)).isTrue();
    }

    @Test
    void writesWhatAWatchedRecordWrites() {
        List<Object> records = List.of(
                new Article("a1", "Lamp"),
                new Article(null, "Lamp"),
                new ArticleRecord("r1", "Lamp", null, null, null, false),
                new ArticleRecord(null, "Lamp", null, null, null, false),
                new NonEmpty("", "empty ID"),
                new NonEmpty("n1", "own ID"),
                Map.of("objectID", "m1"),
                Map.of("title", "no ID"),
                FreeFormRecord.builder().objectID("f1").build(),
                FreeFormRecord.builder().put("title", "no ID").build());
        for (Object record : records) {
            assertThat(Json.toJsonString(DefaultObjectID.of(sdk, record, () -> "gen")))
                    .as(record.toString())
                    .isEqualTo(Json.toJsonString(DefaultObjectID.of(record, "gen")));
        }
    }

    @Test
    void aRecordMapperJudgesTheRecordAsItWritesIt() {
        JsonMapper hiding = JsonMapper.builder()
                .addMixIn(ArticleRecord.class, HideObjectID.class)
                .build();
        JsonMapper snake = JsonMapper.builder()
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .build();
        ArticleRecord record = new ArticleRecord("r1", "Lamp", null, null, null, null);
        List<Object> written = new ArrayList<>();
        for (JsonMapper mapper : List.of(hiding, snake)) {
            try (ApiClient client = client(ClientConfig.builder("app", "key").recordMapper(mapper))) {
                Object body = DefaultObjectID.of(client, record, () -> "gen");
                RecordMapperJson json = new RecordMapperJson(mapper);
                assertThat(json.toJsonString(body)).isEqualTo(json.toJsonString(DefaultObjectID.of(record, "gen")));
                written.add(json.toJsonString(body));
            }
        }

        // hidden from that mapper, the record gets the default; with snake case it keeps its own, named objectID
        // (these mappers write nulls)
        assertThat(written)
                .containsExactly(
                        "{\"title\":\"Lamp\",\"tags\":null,\"price\":null,\"stock\":null,\"available\":null,"
                                + "\"objectID\":\"gen\"}",
                        "{\"objectID\":\"r1\",\"title\":\"Lamp\",\"tags\":null,\"price\":null,\"stock\":null,"
                                + "\"available\":null}");
    }

    private static ApiClient client(ClientConfig.Builder builder) {
        return ApiClient.create(builder.hosts(Host.of("http://127.0.0.1:9")).build(), MODULE);
    }

    /** Makes {@code id-1}, {@code id-2}, ... and counts the calls. */
    private static final class Counting implements Supplier<String> {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public String get() {
            return "id-" + calls.incrementAndGet();
        }
    }
}
