package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Response headers are read once, only when asked for, and look the same either way they were given. */
class ApiResponseTest {

    private static final Map<String, List<String>> HEADERS = Map.of(
            "X-RateLimit-Limit",
            List.of("100"),
            "X-RateLimit-Remaining",
            List.of("42"),
            "X-RateLimit-Reset",
            List.of("1700000000"),
            "Content-Type",
            List.of("application/json"));

    @Test
    void lazyHeadersAreReadOnFirstLookupOnly() {
        AtomicInteger reads = new AtomicInteger();
        ApiResponse<String> response = new ApiResponse<>("v", 200, () -> {
            reads.incrementAndGet();
            return HEADERS;
        });

        assertThat(response.value()).isEqualTo("v");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(reads).hasValue(0);

        assertThat(response.header("content-TYPE")).contains("application/json");
        assertThat(response.rateLimit()).contains(new RateLimit(100, 42, Instant.ofEpochSecond(1_700_000_000L)));
        assertThat(response.headers()).containsKey("x-ratelimit-remaining");
        assertThat(reads).hasValue(1);
    }

    @Test
    void eagerAndLazyHeadersGiveTheSameView() {
        ApiResponse<String> eager = new ApiResponse<>("v", 200, HEADERS);
        ApiResponse<String> lazy = new ApiResponse<>("v", 200, () -> HEADERS);

        assertThat(lazy.headers()).isEqualTo(eager.headers());
        assertThat(lazy.header("missing")).isEmpty();
    }
}
