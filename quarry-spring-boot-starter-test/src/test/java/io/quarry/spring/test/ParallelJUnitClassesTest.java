package io.quarry.spring.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.quarry.mockserver.MockServer;
import io.quarry.search.SearchClient;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * Two test classes sharing one server, run by JUnit's parallel execution (classes at once, on two threads) with
 * Spring's JUnit extension, as a user's build runs them: each class's test finds its own index, never the other's,
 * and neither waits for ever. The first test to run holds its test until the other class is at its turn or, were
 * there no turns, has started its own test (and so reset the server).
 */
class ParallelJUnitClassesTest {

    private static final Duration GIVE_UP = Duration.ofSeconds(60);

    /** How many of the two fixtures' tests have started (past their reset). */
    private static final AtomicInteger STARTED = new AtomicInteger();

    @Test
    void twoClassesSharingAServerRunOneAfterTheOther() {
        STARTED.set(0);
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(WritesA.class), selectClass(WritesB.class))
                .configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
                .configurationParameter("junit.jupiter.execution.parallel.mode.default", "same_thread")
                .configurationParameter("junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
                .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
                .configurationParameter("junit.jupiter.execution.parallel.config.fixed.parallelism", "2")
                .build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        launcher.execute(request, summary);

        TestExecutionSummary result = summary.getSummary();
        assertThat(result.getFailures())
                .as("failures")
                .extracting(failure -> failure.getException().toString())
                .isEmpty();
        assertThat(result.getTestsSucceededCount()).isEqualTo(2);
    }

    /**
     * The fixtures' one test: write, let the other class come as far as it can, find only what it wrote. Each class
     * closes its context as it ends, so that no server stays in Spring's cache for the tests after.
     */
    @DirtiesContext
    abstract static class Writes {

        @Autowired
        SearchClient search;

        @Autowired
        MockServer server;

        @Autowired
        ApplicationContext context;

        @Test
        void findsOnlyWhatItWrote() {
            String own = getClass().getSimpleName();
            STARTED.incrementAndGet();
            search.index(own).saveObject("1", Map.of("name", own));
            MockServerTurns turns = context.getBean(MockServerTurns.class);
            long giveUpAt = System.nanoTime() + GIVE_UP.toNanos();
            // the other class waits at its turn, or has finished, or (with no turns) has started its test
            while (turns.waiting() == 0 && STARTED.get() < 2 && System.nanoTime() < giveUpAt) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
            }
            assertThat(search.index(own).exists()).as(own + "'s own index").isTrue();
            assertThat(search.listIndices().items()).hasSize(1);
        }
    }

    @SpringJUnitConfig(QuarryMockServerTest.Application.class)
    @QuarryMockServer(hosts = 3)
    static class WritesA extends Writes {}

    @SpringJUnitConfig(QuarryMockServerTest.Application.class)
    @QuarryMockServer(hosts = 3)
    static class WritesB extends Writes {}
}
