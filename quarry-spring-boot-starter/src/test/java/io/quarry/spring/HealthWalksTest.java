package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which checks a walk of the {@code quarry} contributor is sure to ask, from the health groups that could be walking
 * it: those that include every check asked so far.
 */
class HealthWalksTest {

    private static final Set<String> EVERY_CHECK = Set.of("search", "monitoring", "crawler");

    @Test
    void withTheWholeContributorAloneEveryCheckIsSureFromTheFirst() {
        HealthWalks walks = HealthWalks.of(List.of(EVERY_CHECK, Set.of()));

        assertThat(walks.sureToBeAsked(Set.of("search"))).isEqualTo(EVERY_CHECK);
    }

    @Test
    void aGroupOfOneCheckLeavesTheOthersToJoinWhenAsked() {
        HealthWalks walks = HealthWalks.of(List.of(EVERY_CHECK, Set.of("search")));

        // the group of search alone, or the whole contributor: only search is sure
        assertThat(walks.sureToBeAsked(Set.of("search"))).containsExactly("search");
        // a second check asked rules the group out
        assertThat(walks.sureToBeAsked(Set.of("search", "monitoring"))).isEqualTo(EVERY_CHECK);
        // a check the group does not include rules it out from the first
        assertThat(walks.sureToBeAsked(Set.of("monitoring"))).isEqualTo(EVERY_CHECK);
    }

    @Test
    void checksInEveryGroupThatCouldBeWalkingAreSure() {
        HealthWalks walks = HealthWalks.of(List.of(EVERY_CHECK, Set.of("monitoring", "crawler")));

        assertThat(walks.sureToBeAsked(Set.of("monitoring"))).containsExactlyInAnyOrder("monitoring", "crawler");
    }

    @Test
    void aWalkNoGroupExplainsIsSureOfWhatItAskedOnly() {
        assertThat(HealthWalks.NONE.sureToBeAsked(Set.of("crawler"))).containsExactly("crawler");
        assertThat(HealthWalks.of(List.of(Set.of("search"))).sureToBeAsked(Set.of("crawler")))
                .containsExactly("crawler");
    }
}
