package io.quarry.spring;

import io.quarry.core.RetryRounds;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/** The retry-rounds policy that the {@code quarry.retry-rounds.*} properties give, checked property by property. */
final class RetryRoundsProperties {

    private static final String PREFIX = "quarry.retry-rounds.";

    private RetryRoundsProperties() {}

    /**
     * {@return the policy, or empty when no retry-rounds property is set (the clients' default applies)}
     *
     * @param rounds the bound properties
     * @throws ClientSetupException naming the property whose value cannot be used
     */
    static Optional<RetryRounds> policy(QuarryProperties.Rounds rounds) {
        List<String> adjustments = new ArrayList<>();
        addIfSet(adjustments, "max-rounds", rounds.getMaxRounds());
        addIfSet(adjustments, "budget", rounds.getBudget());
        addIfSet(adjustments, "first-wait", rounds.getFirstWait());
        addIfSet(adjustments, "max-wait", rounds.getMaxWait());
        QuarryProperties.Rounds.Mode mode = rounds.getMode();
        if (mode == null && adjustments.isEmpty()) {
            return Optional.empty();
        }
        if (mode == QuarryProperties.Rounds.Mode.OFF) {
            if (!adjustments.isEmpty()) {
                throw ClientConfigs.invalidProperty(
                        PREFIX + adjustments.get(0),
                        "it has no effect with " + PREFIX + "mode=off, which tries each host once: unset it, or set"
                                + " the mode to for-outages");
            }
            return Optional.of(RetryRounds.of());
        }
        RetryRounds policy = RetryRounds.forOutages();
        if (rounds.getMaxRounds() != null) {
            policy = adjust("max-rounds", policy, rounds.getMaxRounds(), RetryRounds::maxRounds);
        }
        if (rounds.getBudget() != null) {
            policy = adjust("budget", policy, rounds.getBudget(), RetryRounds::budget);
        }
        Duration first =
                rounds.getFirstWait() == null ? policy.firstWait() : positive("first-wait", rounds.getFirstWait());
        Duration max = rounds.getMaxWait() == null ? policy.maxWait() : positive("max-wait", rounds.getMaxWait());
        if (first.compareTo(max) > 0) {
            throw ClientConfigs.invalidProperty(
                    PREFIX + (rounds.getFirstWait() != null ? "first-wait" : "max-wait"),
                    PREFIX + "first-wait (250ms unless set) must not be longer than " + PREFIX
                            + "max-wait (8s unless set)");
        }
        return Optional.of(policy.waits(first, max));
    }

    private static Duration positive(String name, Duration wait) {
        if (wait.isNegative() || wait.isZero()) {
            throw ClientConfigs.invalidProperty(PREFIX + name, "a wait between rounds must be positive");
        }
        return wait;
    }

    private static void addIfSet(List<String> set, String name, Object value) {
        if (value != null) {
            set.add(name);
        }
    }

    private static <T> RetryRounds adjust(
            String name, RetryRounds policy, T value, BiFunction<RetryRounds, T, RetryRounds> set) {
        try {
            return set.apply(policy, value);
        } catch (IllegalArgumentException e) {
            // RetryRounds' messages give the rule and the number at most, never a key
            throw ClientConfigs.invalidProperty(PREFIX + name, e.getMessage());
        }
    }
}
