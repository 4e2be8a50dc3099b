package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * How a walk of the {@code quarry} contributor learns its health group: from the first question about one of the
 * checks that a group is asked on the walk's thread, as Spring Boot's endpoint asks before each check.
 */
class HealthGroupWalkTest {

    private static final Set<String> LISTING = Set.of("quarry/crawler", "quarry/search");
    private static final Set<String> OPERATIONS = Set.of("quarry/crawler", "quarry/monitoring");

    @Test
    void theFirstGroupAskedAboutACheckOnTheWalksThreadIsTheWalks() {
        HealthGroupWalk walk = HealthGroupWalk.begin();
        assertThat(walk.includes()).isNull();

        HealthGroupWalk.seen("db", path -> true); // another contributor's: says nothing of this walk
        assertThat(walk.includes()).isNull();

        HealthGroupWalk.seen("quarry/crawler", LISTING::contains);
        HealthGroupWalk.seen("quarry/crawler", OPERATIONS::contains); // a later question names no other group
        assertThat(walk.includes()).accepts("crawler", "search").rejects("monitoring");
    }

    @Test
    void aQuestionAfterTheWalkHasItsGroupIsNoOtherWalks() {
        HealthGroupWalk walk = HealthGroupWalk.begin();
        HealthGroupWalk.seen("quarry/crawler", LISTING::contains);

        // a check asked alone (/actuator/health/quarry/search) is asked about with no walk begun
        HealthGroupWalk.seen("quarry/search", OPERATIONS::contains);

        assertThat(walk.includes()).accepts("search").rejects("monitoring");
    }

    @Test
    void aQuestionOnAnotherThreadNamesNoGroupOfThisWalk() {
        HealthGroupWalk walk = HealthGroupWalk.begin();

        CompletableFuture.runAsync(() -> HealthGroupWalk.seen("quarry/crawler", LISTING::contains))
                .join();

        assertThat(walk.includes()).isNull();
    }

    @Test
    void aNewWalkOnTheThreadStartsWithoutAGroup() {
        HealthGroupWalk first = HealthGroupWalk.begin();
        HealthGroupWalk.seen("quarry/crawler", LISTING::contains);

        HealthGroupWalk second = HealthGroupWalk.begin();
        HealthGroupWalk.seen("quarry/crawler", OPERATIONS::contains);

        assertThat(first.includes()).accepts("search").rejects("monitoring");
        assertThat(second.includes()).accepts("monitoring").rejects("search");
    }
}
