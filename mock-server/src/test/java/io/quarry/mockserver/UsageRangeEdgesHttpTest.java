package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Usage date ranges at their edges: years a timestamp cannot hold, offsets, empty and reversed ranges, the longest
 * ranges each granularity allows and one millisecond more. Every answer is a 200 or the service's 422.
 */
class UsageRangeEdgesHttpTest {

    private static final long SEED = 0x5EED_2026L;
    private static final Duration HOURLY_MAX = Duration.ofDays(7);
    private static final Duration DAILY_MAX = Duration.ofDays(365);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private TestClient usage;

    @BeforeEach
    void client(MockServer server) {
        usage = new TestClient(server, server.applicationId(), server.usageKey());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "+10000-01-01T00:00:00Z",
                "+292278994-08-16T07:12:55Z",
                "+999999999-01-01T00:00:00Z",
                "-999999999-01-01T00:00:00Z",
                "-0001-12-31T00:00:00Z"
            })
    void aYearOfMoreThanFourDigitsIsA422(String start) {
        OffsetDateTime parsed = OffsetDateTime.parse(start);
        String end = parsed.plusDays(1).toString();

        Reply reply = get("*", start, end, "daily");

        assertThat(reply.status()).as(reply.toString()).isEqualTo(422);
        assertThat(reply.body().get("message").asString()).contains("startDate");
    }

    @Test
    void randomRangesAnswerA200OrTheServices422() {
        Random random = new Random(SEED);
        for (int i = 0; i < 300; i++) {
            OffsetDateTime start = randomStart(random);
            OffsetDateTime end = start.plus(randomSpan(random)).withOffsetSameInstant(randomOffset(random));
            String granularity = List.of("hourly", "daily", "weekly", "").get(random.nextInt(4));

            Reply reply = get("total_operations", start.toString(), end.toString(), granularity);

            assertThat(reply.status())
                    .as("seed %d, case %d: %s to %s, %s: %s", SEED, i, start, end, granularity, reply)
                    .isEqualTo(expectedStatus(start, end, granularity));
        }
    }

    private static int expectedStatus(OffsetDateTime start, OffsetDateTime end, String granularity) {
        boolean fourDigits =
                start.getYear() >= 0 && start.getYear() <= 9999 && end.getYear() >= 0 && end.getYear() <= 9999;
        Duration span = Duration.between(start.toInstant(), end.toInstant());
        Duration max = switch (granularity) {
            case "hourly" -> HOURLY_MAX;
            case "daily" -> DAILY_MAX;
            default -> null;
        };
        boolean ok = fourDigits && !span.isNegative() && !span.isZero() && max != null && span.compareTo(max) <= 0;
        return ok ? 200 : 422;
    }

    /** Near the edges of four-digit years, of the epoch and of now, or anywhere up to far beyond them. */
    private static OffsetDateTime randomStart(Random random) {
        Instant base = switch (random.nextInt(5)) {
            case 0 -> Instant.parse("0000-01-01T00:00:00Z");
            case 1 -> Instant.parse("9999-12-31T00:00:00Z");
            case 2 -> Instant.EPOCH;
            case 3 -> Instant.now();
            default -> Instant.ofEpochSecond(random.nextLong(-400_000_000_000_000L, 400_000_000_000_000L));
        };
        Instant start = base.plusMillis(random.nextLong(-3 * 86_400_000L, 3 * 86_400_000L));
        return start.atOffset(randomOffset(random));
    }

    private static Duration randomSpan(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> Duration.ZERO;
            case 1 -> HOURLY_MAX.plusMillis(random.nextInt(3) - 1);
            case 2 -> DAILY_MAX.plusMillis(random.nextInt(3) - 1);
            case 3 -> Duration.ofMillis(-random.nextInt(86_400_000));
            default -> Duration.ofMillis(random.nextLong(1, 400 * 86_400_000L));
        };
    }

    private static ZoneOffset randomOffset(Random random) {
        return ZoneOffset.ofTotalSeconds(random.nextInt(-18 * 60, 18 * 60 + 1) * 60);
    }

    private Reply get(String statistic, String start, String end, String granularity) {
        return usage.get("/1/usage/" + statistic + "?startDate=" + encode(start) + "&endDate=" + encode(end)
                + "&granularity=" + encode(granularity));
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
