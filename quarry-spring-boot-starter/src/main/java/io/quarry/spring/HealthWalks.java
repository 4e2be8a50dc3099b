package io.quarry.spring;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which checks each of the application's health groups asks when Spring Boot's health endpoint walks the
 * {@code quarry} contributor for it. The endpoint asks a composite's indicators only when the group it serves
 * includes them ({@code management.endpoint.health.group.<name>.include}), and never tells the contributor which
 * group that is; but every group that includes the checks asked so far in a walk could be the one walking, so the
 * checks all of those groups include are sure to be asked too.
 */
final class HealthWalks {

    /** No group known: a walk is sure to ask only what it has asked. */
    static final HealthWalks NONE = new HealthWalks(List.of());

    private final List<Set<String>> groups;

    private HealthWalks(List<Set<String>> groups) {
        this.groups = groups;
    }

    /**
     * {@return the walks of these groups}
     *
     * @param groups the checks each group asks, by their names under the contributor ({@code search})
     */
    static HealthWalks of(List<Set<String>> groups) {
        return new HealthWalks(groups.stream().map(Set::copyOf).toList());
    }

    /**
     * {@return the checks sure to be asked in a walk that has asked these, them included}
     *
     * @param asked the checks the walk has asked so far
     */
    Set<String> sureToBeAsked(Set<String> asked) {
        Set<String> sure = null;
        for (Set<String> group : groups) {
            if (group.containsAll(asked)) {
                if (sure == null) {
                    sure = new HashSet<>(group);
                } else {
                    sure.retainAll(group);
                }
            }
        }
        return sure == null ? Set.copyOf(asked) : sure;
    }
}
