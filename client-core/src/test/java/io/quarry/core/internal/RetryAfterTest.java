package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import okhttp3.Headers;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

    private static long nanos(String value) {
        Headers headers = value == null
                ? Headers.of()
                : new Headers.Builder().addUnsafeNonAscii("Retry-After", value).build();
        return RetryAfter.nanos(headers, NOW);
    }

    @Test
    void secondsAndDatesAreReadAsWaits() {
        assertThat(nanos("3")).isEqualTo(Duration.ofSeconds(3).toNanos());
        assertThat(nanos(" 0 ")).isZero();
        assertThat(nanos("Sun, 01 Mar 2026 10:00:07 GMT"))
                .isEqualTo(Duration.ofSeconds(7).toNanos());
    }

    @Test
    void everyDateFormHttpAllowsIsRead() {
        // HTTP's recipients accept the obsolete RFC 850 form and asctime's besides the IMF-fixdate
        assertThat(nanos("Sunday, 01-Mar-26 10:00:09 GMT"))
                .isEqualTo(Duration.ofSeconds(9).toNanos());
        assertThat(nanos("Sun Mar  1 10:00:11 2026"))
                .isEqualTo(Duration.ofSeconds(11).toNanos());
    }

    @Test
    void noHeaderAnUnreadableOneOrAPastDateAsksForNothing() {
        assertThat(nanos(null)).isZero();
        assertThat(nanos("soon")).isZero();
        assertThat(nanos("-5")).isZero();
        assertThat(nanos("+5")).isZero();
        assertThat(nanos("5 s")).isZero();
        assertThat(nanos("caf\u00e9")).isZero();
        assertThat(nanos("Sun, 01 Mar 2026 09:59:00 GMT")).isZero();
    }

    @Test
    void anAbsurdWaitIsCappedAtAnHour() {
        assertThat(nanos("99999999999")).isEqualTo(RetryAfter.MAX.toNanos());
        assertThat(nanos("99999999999999999999999")).isEqualTo(RetryAfter.MAX.toNanos());
        assertThat(nanos("Fri, 01 Jan 2100 00:00:00 GMT")).isEqualTo(RetryAfter.MAX.toNanos());
    }

    @Test
    void theUncappedWaitTellsNoHeaderFromAPassedTime() {
        Headers none = Headers.of();
        assertThat(RetryAfter.wait(none, NOW)).isNull();
        assertThat(RetryAfter.wait(Headers.of("Retry-After", "soon"), NOW)).isNull();
        assertThat(RetryAfter.wait(Headers.of("Retry-After", "Sun, 01 Mar 2026 09:59:00 GMT"), NOW))
                .isZero();
        assertThat(RetryAfter.wait(Headers.of("Retry-After", "99999999999"), NOW))
                .isEqualTo(Duration.ofSeconds(99_999_999_999L));
        assertThat(RetryAfter.wait(Headers.of("Retry-After", "99999999999999999999999"), NOW))
                .isEqualTo(Duration.ofSeconds(Long.MAX_VALUE));
    }

    private static long twice(String first, String second) {
        String[] values = {first, second};
        Headers.Builder headers = new Headers.Builder();
        for (String value : values) {
            headers.addUnsafeNonAscii("Retry-After", value);
        }
        return RetryAfter.nanos(headers.build(), NOW);
    }

    @Test
    void aFieldGivenTwiceWithDifferingWaitsAsksForNone() {
        // a singleton field: which value the server meant cannot be told (before, the last one was taken)
        assertThat(twice("1", "3600")).isZero();
        assertThat(twice("3600", "1")).isZero();
        assertThat(twice("3", "soon")).isZero();
        assertThat(twice("soon", "3")).isZero();
        assertThat(twice("3", "Sun, 01 Mar 2026 10:00:07 GMT")).isZero();
        assertThat(RetryAfter.wait(
                        new Headers.Builder()
                                .add("Retry-After", "3")
                                .add("retry-after", "4")
                                .build(),
                        NOW))
                .isNull();
    }

    @Test
    void theSameWaitGivenTwiceIsThatWait() {
        // a proxy repeating the field, in the same form or another
        assertThat(twice("3", " 3")).isEqualTo(Duration.ofSeconds(3).toNanos());
        assertThat(twice("7", "Sun, 01 Mar 2026 10:00:07 GMT"))
                .isEqualTo(Duration.ofSeconds(7).toNanos());
    }
}
