package io.quarry.spring;

import io.quarry.core.RequestOptions;
import java.time.Duration;

/**
 * One enabled health check: a client's cheap read, run under the check's own time limit. The Boot line's health
 * auto-configuration turns each into a health indicator named after the client.
 *
 * @param name  the indicator's name, such as {@code search}
 * @param check the call; it throws when the service cannot answer
 */
record HealthProbe(String name, Runnable check) {

    /** Options limiting a check's call to {@code quarry.health.timeout}, every try included. */
    static RequestOptions limit(QuarryProperties properties) {
        Duration timeout = properties.getHealth().getTimeout();
        return RequestOptions.builder()
                .connectTimeout(timeout)
                .readTimeout(timeout)
                .attemptTimeout(timeout)
                .callDeadline(timeout)
                .build();
    }
}
