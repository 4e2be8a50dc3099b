package io.quarry.mockserver.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The identities a rate-limited key is counted for are chosen by callers (the admin key's {@code X-Forwarded-For},
 * a secured key's user token), so the counts are bounded: a loop of calls, each from a new identity of kilobytes,
 * grew the map without end within the hour, and for ever under a fixed clock.
 */
class RateLimiterBoundsTest {

    private static String identity(int i) {
        return "token:" + i + "x".repeat(1000);
    }

    @Test
    void oneIdentityMoreThanAreCountedIsRefusedUntilTheHourEnds() {
        MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
        RateLimiter limiter = new RateLimiter(clock);
        for (int i = 0; i < RateLimiter.MAX_COUNTED; i++) {
            limiter.count("limited-key", identity(i), 2);
        }

        assertThatThrownBy(() -> limiter.count("limited-key", identity(RateLimiter.MAX_COUNTED), 2))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.status()).isEqualTo(429))
                .hasMessageContaining("at most " + RateLimiter.MAX_COUNTED + " IP addresses and user tokens");
        assertThat(limiter.counted()).isEqualTo(RateLimiter.MAX_COUNTED);
        limiter.count("limited-key", identity(0), 2);
        assertThatThrownBy(() -> limiter.count("limited-key", identity(0), 2))
                .as("an identity already counted keeps its own budget")
                .hasMessageContaining("allows 2 calls per hour");

        clock.advance(Duration.ofHours(1));
        limiter.count("limited-key", identity(RateLimiter.MAX_COUNTED), 2);
        assertThat(limiter.counted()).isEqualTo(1);
    }

    @Test
    void longIdentitiesAreCountedApartByTheirDigest() {
        RateLimiter limiter = new RateLimiter(new MutableClock(Instant.parse("2026-03-01T10:00:00Z")));
        limiter.count("limited-key", identity(1), 1);
        limiter.count("limited-key", identity(2), 1);
        assertThatThrownBy(() -> limiter.count("limited-key", identity(1), 1)).isInstanceOf(ApiException.class);
    }
}
