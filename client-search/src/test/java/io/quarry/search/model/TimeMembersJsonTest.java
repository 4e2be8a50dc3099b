package io.quarry.search.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.DeserializationException;
import io.quarry.core.internal.Json;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The time members of the search models read every form the service gives them (ISO 8601 text in write answers,
 * Unix seconds in key listings, the userID search and a rule's validity) into an {@link Instant}, and refuse a
 * malformed time with a typed failure naming the member, never a null or another time.
 */
class TimeMembersJsonTest {

    private static final Instant NOON = Instant.parse("2026-01-02T12:00:00Z");

    @Test
    void isoTextReadsWithOrWithoutAFractionOrAnOffset() {
        for (String text : List.of(
                "2026-01-02T12:00:00.000Z",
                "2026-01-02T12:00:00Z",
                "2026-01-02T14:00:00+02:00",
                "2026-01-02T12:00:00.000000000Z")) {
            String json = "{\"taskID\":1,\"updatedAt\":\"" + text + "\"}";

            UpdateTaskResponse read = Json.read(json, UpdateTaskResponse.class);

            assertThat(read.updatedAt()).as(text).isEqualTo(NOON);
        }
        ApiKeyResponse key =
                Json.read("{\"key\":\"k\",\"createdAt\":\"2026-01-02T12:00:00.123Z\"}", ApiKeyResponse.class);
        assertThat(key.createdAt()).isEqualTo(NOON.plusMillis(123));
        assertThat(key.updatedAt()).isNull();
    }

    @Test
    void aMalformedIsoTimeFailsNamingTheMember() {
        for (String value : List.of(
                "\"t\"",
                "\"\"",
                "\" \"",
                "\"1700000000\"",
                "\"2026-01-02\"",
                "\"2026-01-02T12:00:00\"",
                "\"2026-13-02T12:00:00Z\"",
                "1700000000",
                "1.5",
                "true",
                "{}")) {
            assertFailsAt("{\"taskID\":1,\"deletedAt\":" + value + "}", DeleteTaskResponse.class, "$.deletedAt");
            assertFailsAt(
                    "{\"items\":[{\"name\":\"i\",\"createdAt\":" + value + "}]}",
                    ListIndicesResponse.class,
                    "$.items[0].createdAt");
        }
    }

    @Test
    void unixSecondsRead() {
        ApiKeyInfo key = Json.read("{\"value\":\"k\",\"createdAt\":1767355200}", ApiKeyInfo.class);
        UserIdSearchResponse users = Json.read("{\"hits\":[],\"updatedAt\":1767355200}", UserIdSearchResponse.class);
        ApiKeyInfo old = Json.read("{\"value\":\"k\",\"createdAt\":-1}", ApiKeyInfo.class);

        assertThat(key.createdAt()).isEqualTo(NOON);
        assertThat(users.updatedAt()).isEqualTo(NOON);
        assertThat(old.createdAt()).isEqualTo(Instant.EPOCH.minusSeconds(1));
        UserIdSearchResponse unsaid = Json.read("{\"hits\":[]}", UserIdSearchResponse.class);
        ApiKeyInfo nullTime = Json.read("{\"value\":\"k\",\"createdAt\":null}", ApiKeyInfo.class);
        assertThat(unsaid.updatedAt()).isNull();
        assertThat(nullTime.createdAt()).isNull();
    }

    @Test
    void malformedUnixSecondsFailNamingTheMember() {
        // milliseconds read as seconds would be 56,000 years ahead: still an Instant, so read; past it, refused
        for (String value : List.of(
                "\"2026-01-02T12:00:00Z\"",
                "\"1767355200\"",
                "1767355200.5",
                "1e3",
                "31556889864403200",
                "-31557014167219201",
                "99999999999999999999999",
                "true",
                "[1]")) {
            Throwable thrown =
                    catchThrowable(() -> Json.read("{\"value\":\"k\",\"createdAt\":" + value + "}", ApiKeyInfo.class));
            assertThat(thrown).as(value).isInstanceOf(DeserializationException.class);
            assertThat(((DeserializationException) thrown).jsonPath()).as(value).isEqualTo("$.createdAt");
            assertFailsAt("{\"hits\":[],\"updatedAt\":" + value + "}", UserIdSearchResponse.class, "$.updatedAt");
        }
    }

    @Test
    void aKeyWrittenAndReadAgainKeepsItsSeconds() {
        ApiKeyInfo key = Json.read("{\"value\":\"k\",\"createdAt\":1767355200}", ApiKeyInfo.class);

        String written = Json.toJsonString(key);

        assertThat(written).contains("\"createdAt\":1767355200");
        ApiKeyInfo again = Json.read(written, ApiKeyInfo.class);
        assertThat(again).isEqualTo(key);
    }

    @Test
    void aRuleValidityIsWrittenInSecondsAndReadBack() {
        TimeRange range = TimeRange.between(NOON.plusMillis(999), NOON.plusSeconds(60));

        String written = Json.toJsonString(range);

        assertThat(range.from()).isEqualTo(NOON);
        assertThat(written).isEqualTo("{\"from\":1767355200,\"until\":1767355260}");
        TimeRange again = Json.read(written, TimeRange.class);
        assertThat(again).isEqualTo(range);
        assertThat(Json.toJsonString(TimeRange.startingAt(NOON))).isEqualTo("{\"from\":1767355200}");
        assertThat(new TimeRange(Instant.ofEpochSecond(-1, 1), null).from()).isEqualTo(Instant.ofEpochSecond(-1));
    }

    @Test
    void aValidityEndPastAnInstantReadsAsTheNearestEndAndOtherFormsFail() {
        TimeRange read = Json.read("{\"from\":-99999999999999999999999,\"until\":31556889864403200}", TimeRange.class);

        assertThat(read).isEqualTo(new TimeRange(Instant.MIN, Instant.MAX));
        assertThat(Json.toJsonString(read)).isEqualTo("{\"from\":-31557014167219200,\"until\":31556889864403199}");
        for (String value : List.of("\"2026-01-02T12:00:00Z\"", "\"1767355200\"", "1.5", "true")) {
            assertFailsAt("{\"until\":" + value + "}", TimeRange.class, "$.until");
        }
    }

    private static void assertFailsAt(String json, Class<?> type, String path) {
        Throwable thrown = catchThrowable(() -> Json.read(json, type));

        assertThat(thrown).as(json).isInstanceOf(DeserializationException.class);
        assertThat(((DeserializationException) thrown).jsonPath()).as(json).isEqualTo(path);
    }
}
