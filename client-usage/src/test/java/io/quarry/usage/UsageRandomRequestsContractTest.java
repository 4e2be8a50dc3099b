package io.quarry.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.UnprocessableEntityException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import io.quarry.usage.model.Granularity;
import io.quarry.usage.model.Statistic;
import io.quarry.usage.model.UsageRange;
import io.quarry.usage.model.UsageStatistics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seeded random requests through the client against the mock server: known, unknown and repeated statistics, odd
 * index names, ranges at the edges of what the service accepts. Each either answers, or fails with the typed error
 * its cause calls for: refused before sending when the range or the names cannot be sent, a 422 for a statistic
 * the level does not offer.
 */
class UsageRandomRequestsContractTest {

    private static final long SEED = 0x05A6_E5EEDL;

    private static final List<Instant> EDGES = List.of(
            Instant.parse("0000-01-01T00:00:00Z"),
            Instant.parse("9999-12-24T00:00:00Z"),
            Instant.EPOCH,
            Instant.now(),
            Instant.MAX.minus(Duration.ofDays(400)),
            Instant.MIN);

    private static final List<String> INDICES = List.of("items", "nothing-here", "a b", "%2F", "é", "*", "..");

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final UsageClient usage = UsageClient.create(MockServerClients.usageConfig(MOCK.server()));

    @Test
    void everyRequestAnswersOrFailsWithItsTypedError() {
        Random random = new Random(SEED);
        List<Statistic> known = Statistic.known();
        for (int i = 0; i < 150; i++) {
            List<Statistic> statistics = new ArrayList<>();
            for (int n = random.nextInt(4); n >= 0; n--) {
                statistics.add(
                        random.nextInt(10) == 0
                                ? Statistic.of("future_" + i)
                                : known.get(random.nextInt(known.size())));
            }
            String index = random.nextBoolean() ? null : INDICES.get(random.nextInt(INDICES.size()));
            String context = "seed " + SEED + ", case " + i + ": " + statistics + " of " + index;

            Throwable failure = catchThrowable(() -> {
                UsageRange range = randomRange(random);
                UsageStatistics answer = index == null
                        ? usage.statistics(statistics, range)
                        : usage.indexStatistics(index, statistics, range);
                assertThat(answer.byName()).as(context).isNotNull();
            });

            if (failure != null) {
                assertThat(failure)
                        .as(context)
                        .isInstanceOfAny(InvalidRequestException.class, UnprocessableEntityException.class);
            }
            if (failure instanceof UnprocessableEntityException) {
                assertThat(statistics.stream()
                                .anyMatch(s -> failure.getMessage().contains(s.name())))
                        .as(context + ": " + failure.getMessage())
                        .isTrue();
            }
        }
    }

    private static UsageRange randomRange(Random random) {
        Granularity granularity = random.nextBoolean() ? Granularity.HOURLY : Granularity.DAILY;
        Instant start = EDGES.get(random.nextInt(EDGES.size()))
                .plusMillis(random.nextLong(0, Duration.ofDays(2).toMillis()));
        long maxMillis = granularity.maxRange().toMillis();
        Duration span = Duration.ofMillis(random.nextBoolean() ? maxMillis : random.nextLong(1, maxMillis + 2));
        return new UsageRange(start, start.plus(span), granularity);
    }
}
