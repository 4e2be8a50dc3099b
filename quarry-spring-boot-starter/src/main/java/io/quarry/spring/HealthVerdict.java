package io.quarry.spring;

import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What one health check found, before it becomes the Boot line's {@code Health}: up or down, the failure behind a
 * down (shown by Boot as the detail {@code error}), and further details. No detail holds a key: the failures are the
 * clients' exceptions, whose messages never do, and the other details are the starter's own sentences.
 *
 * @param up      whether the check is up
 * @param failure why it is down, or null
 * @param details further details, by name
 */
record HealthVerdict(boolean up, Throwable failure, Map<String, String> details) {

    static HealthVerdict up(Map<String, String> details) {
        return new HealthVerdict(true, null, Map.copyOf(details));
    }

    static HealthVerdict down(Throwable failure, Map<String, String> details) {
        return new HealthVerdict(false, failure, Map.copyOf(details));
    }

    /**
     * {@return the verdict in the Boot line's health type}
     *
     * @param up   the Boot line's up health with the details
     * @param down the Boot line's down health with the failure and the details
     * @param <H>  the Boot line's health type
     */
    <H> H as(Function<Map<String, String>, H> up, BiFunction<Throwable, Map<String, String>, H> down) {
        return this.up ? up.apply(details) : down.apply(failure, details);
    }
}
