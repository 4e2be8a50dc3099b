package io.quarry.mockserver.internal.http.faults;

import java.time.Instant;
import java.util.Locale;
import java.util.Random;

/** One scripted rule and how many more times it may fire. Guarded by its {@link FaultScript}. */
final class FaultRuleState {

    final long id;
    final String method;
    final PathPattern path;
    final FaultAction action;
    final double share;
    final long seed;
    /** When the rule ends, or {@code null} for no end. */
    final Instant until;

    private final Random random;
    private int remaining;

    /**
     * @param remaining how many more requests it faults; -1 for no limit
     * @param share the share of matching requests it faults, 0 exclusive to 1 inclusive
     * @param until when it ends, on the script's clock, or {@code null} for no end
     */
    FaultRuleState(
            long id,
            String method,
            String path,
            int remaining,
            double share,
            long seed,
            Instant until,
            FaultAction action) {
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("the share must be above 0 and at most 1");
        }
        if (remaining < -1 || remaining == 0) {
            throw new IllegalArgumentException("the count must be at least 1");
        }
        this.id = id;
        this.method = method == null || method.equals("*") ? "*" : method.toUpperCase(Locale.ROOT);
        this.path = new PathPattern(path == null ? "/**" : path);
        this.remaining = remaining;
        this.share = share;
        this.seed = seed;
        this.until = until;
        this.random = new Random(seed);
        this.action = action;
    }

    /** @return whether this rule faults this request (and counts it), at {@code now} */
    boolean fires(String requestMethod, String rawPath, Instant now) {
        if (exhausted(now) || !(method.equals("*") || method.equals(requestMethod)) || !path.matches(rawPath)) {
            return false;
        }
        if (share < 1 && random.nextDouble() >= share) {
            return false;
        }
        if (remaining > 0) {
            remaining--;
        }
        return true;
    }

    /** @return whether it faults no more requests: its count is used up, or its end has come */
    boolean exhausted(Instant now) {
        return remaining == 0 || (until != null && !now.isBefore(until));
    }

    int remaining() {
        return remaining;
    }
}
