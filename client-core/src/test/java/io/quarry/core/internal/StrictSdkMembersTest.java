package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.DeserializationException;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.TypeRef;
import io.quarry.core.internal.base.RecordSettings;
import io.quarry.core.internal.markedfixture.MarkedAnswer;
import io.quarry.core.internal.markedfixture.MarkedLevel;
import io.quarry.core.internal.markedfixture.MarkedPage;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * The SDK's own answer models read each scalar member only from its own JSON type; the caller's records read as
 * Jackson reads them, with the SDK's record settings or the caller's record mapper.
 */
class StrictSdkMembersTest {

    private static final long SEED = 20261129L;
    private static final int ROUNDS = 300;

    /** Every scalar member of {@link MarkedAnswer}, with where a wrong value goes and JSON values of each kind. */
    private enum Member {
        TASK_ID("taskID", "$.taskID", Kind.INTEGER),
        COUNT("count", "$.count", Kind.INTEGER),
        RATIO("ratio", "$.ratio", Kind.NUMBER),
        SHARE("share", "$.share", Kind.NUMBER),
        AMOUNT("amount", "$.amount", Kind.NUMBER),
        DONE("done", "$.done", Kind.BOOLEAN),
        NAME("name", "$.name", Kind.STRING),
        LEVEL("level", "$.level", Kind.STRING),
        AT("at", "$.at", Kind.TIME),
        DAY("day", "$.day", Kind.TIME),
        IDS("ids", "$.ids[0]", Kind.INTEGER),
        COUNTS("counts", "$.counts.a", Kind.INTEGER),
        LIMIT("limit", "$.limit", Kind.INTEGER),
        BOXED("boxed", "$.boxed", Kind.INTEGER);

        final String name;
        final String path;
        final Kind kind;

        Member(String name, String path, Kind kind) {
            this.name = name;
            this.path = path;
            this.kind = kind;
        }

        /** {@return the member holding a value, wrapped as the member's container needs} */
        String json(String value) {
            String held = this == IDS ? "[" + value + "]" : this == COUNTS ? "{\"a\":" + value + "}" : value;
            return "{\"" + name + "\":" + held + "}";
        }
    }

    private enum Kind {
        INTEGER,
        NUMBER,
        BOOLEAN,
        STRING,
        TIME
    }

    /** JSON values of the wrong type for each kind of member; strings hold what a lenient reader would convert. */
    private static final Map<Kind, List<String>> WRONG = Map.of(
            Kind.INTEGER,
            List.of("12.7", "1.0", "1e20", "\"7\"", "\"\"", "true", "false", "[1]", "{\"v\":1}"),
            Kind.NUMBER,
            List.of("\"7.5\"", "\"NaN\"", "\"\"", "true", "[1]", "{\"v\":1}"),
            Kind.BOOLEAN,
            List.of("1", "0", "0.5", "\"true\"", "\"\"", "[true]", "{\"v\":true}"),
            Kind.STRING,
            List.of("7", "0", "12.7", "true", "[\"x\"]", "{\"v\":\"x\"}"),
            // Jackson would read a blank text as no time, and digits as a count of seconds
            Kind.TIME,
            List.of("1700000000", "1.5", "true", "\"\"", "\"  \"", "\"1700000000\"", "\"-1.5\"", "\"+7\"", "[\"x\"]"));

    /** Values out of a member's range, as JSON numbers. */
    private static final Map<Member, List<String>> OUT_OF_RANGE = Map.of(
            Member.TASK_ID, List.of("9223372036854775808", "-9223372036854775809", "123456789012345678901234567890"),
            Member.COUNT, List.of("2147483648", "-2147483649"),
            Member.RATIO, List.of("1e400", "-1e400"),
            Member.SHARE, List.of("1e39"),
            Member.IDS, List.of("9223372036854775808"),
            Member.COUNTS, List.of("2147483648"));

    @Test
    void aMemberOfTheWrongJsonTypeFailsNamingTheMember() {
        Random random = new Random(SEED);
        for (int round = 0; round < ROUNDS; round++) {
            Member member = Member.values()[random.nextInt(Member.values().length)];
            List<String> wrong = WRONG.get(member.kind);
            String json = member.json(wrong.get(random.nextInt(wrong.size())));

            assertFailsAt(json, member.path, "round " + round + " (seed " + SEED + ")");
        }
    }

    @Test
    void aNumberOutOfTheMembersRangeFailsNamingTheMember() {
        OUT_OF_RANGE.forEach(
                (member, values) -> values.forEach(value -> assertFailsAt(member.json(value), member.path, value)));
        assertThatThrownBy(() -> Json.read("{\"count\":2147483648}", MarkedAnswer.class))
                .hasMessageContaining("out of range")
                .hasMessageNotContaining("malformed");
    }

    @Test
    void eachMemberReadsItsOwnJsonType() {
        String json = "{\"taskID\":9223372036854775807,\"count\":-3,\"ratio\":2,\"share\":0.5,\"amount\":1e400,"
                + "\"done\":true,\"name\":\"7\",\"level\":\"ERROR\",\"at\":\"2026-01-02T03:04:05Z\","
                + "\"day\":\"2026-01-02\",\"ids\":[1,2],\"counts\":{\"a\":4},\"limit\":5,\"boxed\":null}";

        MarkedAnswer read = Json.read(json, MarkedAnswer.class);

        assertThat(read)
                .isEqualTo(new MarkedAnswer(
                        Long.MAX_VALUE,
                        -3,
                        2.0,
                        0.5f,
                        new BigDecimal("1e400"),
                        true,
                        "7",
                        MarkedLevel.ERROR,
                        Instant.parse("2026-01-02T03:04:05Z"),
                        LocalDate.parse("2026-01-02"),
                        List.of(1L, 2L),
                        Map.of("a", 4),
                        Optional.of(5),
                        null));
    }

    @Test
    void aTimeReadsFromIsoTextOnly() {
        for (String text : List.of("", " ", "1700000000", "1700000000123", "-1", "+1.5", "12.")) {
            String json = Member.AT.json("\"" + text + "\"");
            assertFailsAt(json, "$.at", text);
            assertThat(catchThrowable(() -> Json.read(json, MarkedAnswer.class)))
                    .hasMessageContaining("expected an ISO 8601 time for `Instant`");
        }
        assertFailsAt(Member.DAY.json("\"\""), "$.day", "a blank day");
        assertFailsAt(Member.AT.json("\"2026-01-02\""), "$.at", "a day where a time belongs");
        assertFailsAt(Member.AT.json("\"2026-13-02T03:04:05Z\""), "$.at", "month 13");
        assertFailsAt(Member.AT.json("\"+1000000001-01-01T00:00:00Z\""), "$.at", "past Instant.MAX");
        for (String text : List.of(
                "2026-01-02T03:04:05Z",
                "2026-01-02T03:04:05.000Z",
                "2026-01-02T05:04:05+02:00",
                "2026-01-02T03:04:05.000000000Z")) {
            MarkedAnswer read = Json.read(Member.AT.json("\"" + text + "\""), MarkedAnswer.class);
            assertThat(read.at()).as(text).isEqualTo(Instant.parse("2026-01-02T03:04:05Z"));
        }
    }

    @Test
    void nullsAndAbsentMembersReadAsBefore() {
        MarkedAnswer read = Json.read("{\"taskID\":null,\"name\":null,\"ids\":[null]}", MarkedAnswer.class);

        assertThat(read.taskID()).isZero();
        assertThat(read.name()).isNull();
        assertThat(read.ids()).containsExactly((Long) null);
    }

    @Test
    void theFailureShowsNoStringOfTheAnswer() {
        Throwable thrown =
                catchThrowable(() -> Json.read("{\"count\":\"qk-secret-looking-text\"}", MarkedAnswer.class));

        assertThat(thrown).isInstanceOf(DeserializationException.class).hasMessageNotContaining("qk-secret");
        assertThat(thrown.getMessage()).contains("$.count", "expected a JSON integer", "got a JSON string");
        Throwable time = catchThrowable(() -> Json.read("{\"at\":\"qk-secret-looking-text\"}", MarkedAnswer.class));
        assertThat(time).isInstanceOf(DeserializationException.class).hasMessageNotContaining("qk-secret");
        assertThat(time.getMessage()).contains("$.at", "expected an ISO 8601 time for `Instant`");
    }

    /** The caller's record, with a member of each scalar kind: read with Jackson's coercions, as before. */
    record UserRecord(long taskID, int count, double ratio, boolean done, String name, MarkedLevel level) {}

    @Test
    void theCallersRecordsReadExactlyAsJacksonWithTheRecordSettingsReadsThem() {
        ObjectMapper before = RecordSettings.applyTo(JsonMapper.builder()).build();
        List<String> values =
                List.of("12.7", "7", "1e20", "\"7\"", "\"\"", "true", "0", "\"ERROR\"", "1", "null", "\"x\"", "-0.5");
        List<String> members = List.of("taskID", "count", "ratio", "done", "name", "level");
        Random random = new Random(SEED);
        for (int round = 0; round < ROUNDS; round++) {
            String member = members.get(random.nextInt(members.size()));
            String json = "{\"" + member + "\":" + values.get(random.nextInt(values.size())) + "}";
            String context = json + " (round " + round + ", seed " + SEED + ")";

            Object expected = outcome(() -> before.readValue(json, UserRecord.class));
            Object actual = outcome(() -> Json.read(json, UserRecord.class));
            Object inPage = outcome(() -> Json.<MarkedPage<UserRecord>>read(
                                    "{\"items\":[" + json + "],\"hits\":[" + json + "]}",
                                    new TypeRef<MarkedPage<UserRecord>>() {}.type()))
                            instanceof MarkedPage<?> page
                    ? List.of(page.items().get(0), page.hits().get(0).record())
                    : "failed";

            assertThat(actual).as(context).isEqualTo(expected);
            assertThat(inPage)
                    .as(context)
                    .isEqualTo(expected instanceof UserRecord ? List.of(expected, expected) : "failed");
        }
    }

    @Test
    void aCallersRecordKeepsJacksonsDefaultCoercions() {
        MarkedPage<UserRecord> page = Json.read(
                "{\"items\":[{\"count\":12.7,\"name\":7,\"done\":1,\"level\":1,\"ratio\":\"1e400\"}],"
                        + "\"hits\":[{\"taskID\":1e3}],\"page\":1}",
                new TypeRef<MarkedPage<UserRecord>>() {}.type());

        assertThat(page.items().get(0))
                .isEqualTo(new UserRecord(0, 12, Double.POSITIVE_INFINITY, true, "7", MarkedLevel.ERROR));
        assertThat(page.hits().get(0).record().taskID()).isEqualTo(1000L);
    }

    @Test
    void aMemberOfAHitConvertedToAnSdkTypeIsReadStrictlyAndToTheCallersTypeAsBefore() {
        FreeFormRecord hit = FreeFormRecord.builder()
                .put("_rankingInfo", Map.of("taskID", 12.7))
                .build();

        assertThatThrownBy(() -> hit.getAs("_rankingInfo", MarkedAnswer.class))
                .isInstanceOf(DeserializationException.class)
                .extracting(e -> ((DeserializationException) e).jsonPath())
                .isEqualTo("$.taskID");
        assertThat(hit.getAs("_rankingInfo", UserRecord.class).orElseThrow().taskID())
                .isEqualTo(12L);
    }

    @Test
    void theCallersScalarsAsTheRecordTypeReadLeniently() {
        MarkedPage<Map<String, Integer>> maps =
                Json.read("{\"items\":[{\"a\":12.7}]}", new TypeRef<MarkedPage<Map<String, Integer>>>() {}.type());
        MarkedPage<Integer> integers =
                Json.read("{\"items\":[\"7\", 2.5]}", new TypeRef<MarkedPage<Integer>>() {}.type());

        assertThat(maps.items()).containsExactly(Map.of("a", 12));
        assertThat(integers.items()).containsExactly(7, 2);
    }

    @Test
    void theSdksMemberAroundTheCallersRecordsStaysStrict() {
        assertFailsAt("{\"items\":[],\"page\":1.5}", new TypeRef<MarkedPage<UserRecord>>() {}.type(), "$.page");
    }

    @Test
    void aRecordMapperKeepsTheCallersCoercionSettingsAndTheSdksModelsStayStrict() {
        RecordMapperJson lenient = new RecordMapperJson(JsonMapper.builder().build());
        RecordMapperJson noFloats = new RecordMapperJson(JsonMapper.builder()
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .build());
        byte[] page = "{\"items\":[{\"count\":12.7}],\"page\":1}".getBytes();
        java.lang.reflect.Type type = new TypeRef<MarkedPage<UserRecord>>() {}.type();

        MarkedPage<UserRecord> read = lenient.read(page, type);

        assertThat(read.items().get(0).count()).isEqualTo(12);
        assertThatThrownBy(() -> noFloats.read(page, type))
                .isInstanceOf(DeserializationException.class)
                .extracting(e -> ((DeserializationException) e).jsonPath())
                .isEqualTo("$.items[0].count");
        assertThatThrownBy(() -> lenient.read("{\"taskID\":12.7}".getBytes(), MarkedAnswer.class))
                .isInstanceOf(DeserializationException.class)
                .extracting(e -> ((DeserializationException) e).jsonPath())
                .isEqualTo("$.taskID");
    }

    private static void assertFailsAt(String json, String path, String context) {
        assertFailsAt(json, MarkedAnswer.class, path, context);
    }

    private static void assertFailsAt(String json, java.lang.reflect.Type type, String path) {
        assertFailsAt(json, type, path, json);
    }

    private static void assertFailsAt(String json, java.lang.reflect.Type type, String path, String context) {
        Throwable thrown = catchThrowable(() -> Json.read(json, type));

        assertThat(thrown).as(json + ": " + context).isInstanceOf(DeserializationException.class);
        assertThat(((DeserializationException) thrown).jsonPath())
                .as(json + ": " + context)
                .isEqualTo(path);
    }

    /** {@return the value read, or "failed"} */
    private static Object outcome(java.util.concurrent.Callable<?> read) {
        try {
            return read.call();
        } catch (Exception e) {
            return "failed";
        }
    }
}
