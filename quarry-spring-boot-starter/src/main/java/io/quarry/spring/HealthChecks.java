package io.quarry.spring;

import java.time.Duration;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The enabled checks as the {@code quarry} contributor gives them to Spring Boot's health endpoint, the same on both
 * Boot lines: each line's contributor only makes its own indicator of a verdict. When the endpoint walks the whole
 * contributor ({@code /actuator/health}, {@code /actuator/health/quarry}) it gets indicators sharing one
 * {@link HealthRound}, so their checks run at once within one {@code quarry.health.timeout}; when it asks for one
 * ({@code /actuator/health/quarry/search}), that check runs alone.
 */
final class HealthChecks {

    private final Map<String, HealthProbe> probes = new LinkedHashMap<>();
    private final Duration timeout;

    /**
     * @param probes     the enabled checks
     * @param properties the properties, for the round's time limit
     */
    HealthChecks(List<HealthProbe> probes, QuarryProperties properties) {
        probes.forEach(probe -> this.probes.put(probe.name(), probe));
        this.timeout = HealthProbe.timeout(properties);
    }

    /**
     * {@return every check's indicator, by name, the checks of one round}
     *
     * @param indicator makes the Boot line's indicator of a verdict, asked for when the indicator is
     * @param <I>       the Boot line's indicator type
     */
    <I> Stream<Map.Entry<String, I>> all(Function<Supplier<HealthVerdict>, I> indicator) {
        HealthRound round = new HealthRound(List.copyOf(probes.values()), timeout);
        return probes.values().stream()
                .map(probe -> new SimpleImmutableEntry<>(probe.name(), indicator.apply(() -> round.verdict(probe))));
    }

    /**
     * {@return the indicator of one check, which runs alone, or null when no check has that name}
     *
     * @param name      the check's name, such as {@code search}
     * @param indicator makes the Boot line's indicator of a verdict, asked for when the indicator is
     * @param <I>       the Boot line's indicator type
     */
    <I> I one(String name, Function<Supplier<HealthVerdict>, I> indicator) {
        HealthProbe probe = probes.get(name);
        return probe == null ? null : indicator.apply(() -> new HealthRound(List.of(probe), timeout).verdict(probe));
    }
}
