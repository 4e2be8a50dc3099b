package io.quarry.spring;

import java.time.Duration;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The enabled checks as the {@code quarry} contributor gives them to Spring Boot's health endpoint, the same on both
 * Boot lines: each line's contributor only makes its own indicator of a verdict. When the endpoint walks the whole
 * contributor ({@code /actuator/health}, {@code /actuator/health/quarry}, or a health group's path) it gets
 * indicators sharing one {@link HealthRound}, so the checks it asks run within one {@code quarry.health.timeout},
 * at once; when it asks for one ({@code /actuator/health/quarry/search}), that check runs alone.
 */
final class HealthChecks {

    private final Map<String, HealthProbe> probes = new LinkedHashMap<>();
    private final Duration timeout;
    private final Supplier<List<Predicate<String>>> groups;

    /** The groups' walks, read from them on the first walk (they are set once the application has started). */
    private volatile HealthWalks walks;

    /**
     * @param probes     the enabled checks
     * @param properties the properties, for the round's time limit
     * @param groups     whether each health group of the application includes a contributor, by its path
     *                   ({@code quarry/search}), the primary group's included; null while the health endpoint is
     *                   not there
     */
    HealthChecks(List<HealthProbe> probes, QuarryProperties properties, Supplier<List<Predicate<String>>> groups) {
        // by name, so that every walk asks them in one known order (the beans come in no set order)
        probes.stream()
                .sorted(Comparator.comparing(HealthProbe::name))
                .forEach(probe -> this.probes.put(probe.name(), probe));
        this.timeout = HealthProbe.timeout(properties);
        this.groups = groups;
    }

    /**
     * {@return every check's indicator, by name, the checks of one round}
     *
     * @param indicator makes the Boot line's indicator of a verdict, asked for when the indicator is
     * @param <I>       the Boot line's indicator type
     */
    <I> Stream<Map.Entry<String, I>> all(Function<Supplier<HealthVerdict>, I> indicator) {
        HealthWalks walks = walks();
        // the endpoint takes the children on the thread that then asks the group about each of them
        HealthRound round = new HealthRound(List.copyOf(probes.values()), timeout, walks, HealthGroupWalk.begin());
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
        return probe == null
                ? null
                : indicator.apply(
                        () -> new HealthRound(List.of(probe), timeout, HealthWalks.NONE, null).verdict(probe));
    }

    private HealthWalks walks() {
        HealthWalks known = walks;
        if (known == null) {
            List<Predicate<String>> members = groups.get();
            // without the endpoint's groups, whoever walks the contributor is taken to ask every check, as Boot does
            known = HealthWalks.of(
                    members == null
                            ? List.of(probes.keySet())
                            : members.stream().map(this::included).toList());
            walks = known;
        }
        return known;
    }

    /** {@return the checks a group includes} */
    private Set<String> included(Predicate<String> member) {
        return probes.keySet().stream()
                .filter(check -> member.test(HealthGroupWalk.CONTRIBUTOR + "/" + check))
                .collect(Collectors.toUnmodifiableSet());
    }
}
