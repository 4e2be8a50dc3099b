package io.quarry.spring.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.search.SearchClient;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext.HierarchyMode;
import org.springframework.test.context.TestContextManager;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * Two test classes with the same settings, run at once as JUnit's parallel execution runs them, share one server:
 * the second waits for the first to end before it starts, so its reset never lands in the middle of the first's
 * tests. Each class runs through its own {@link TestContextManager}, as Spring's JUnit extension runs it.
 */
class MockServerParallelClassesTest {

    /** A bound far past what the waits distinguish, so that a broken test fails rather than hangs. */
    private static final Duration GIVE_UP = Duration.ofSeconds(60);

    @Test
    void aClassSharingTheServerWaitsForTheClassUsingItToEnd() throws Exception {
        First first = new First();
        TestContextManager firstManager = new TestContextManager(First.class);
        firstManager.beforeTestClass();
        firstManager.prepareTestInstance(first);
        firstManager.beforeTestMethod(first, method());
        first.search.index("first").saveObject("1", Map.of("name", "written by the first class"));
        MockServerTurns turns =
                firstManager.getTestContext().getApplicationContext().getBean(MockServerTurns.class);

        Second second = new Second();
        TestContextManager secondManager = new TestContextManager(Second.class);
        CompletableFuture<Boolean> secondSaw = CompletableFuture.supplyAsync(() -> {
            try {
                secondManager.beforeTestClass();
                secondManager.prepareTestInstance(second);
                secondManager.beforeTestMethod(second, method());
                boolean sawTheFirstsIndex = second.search.index("first").exists();
                secondManager.afterTestMethod(second, method(), null);
                secondManager.afterTestClass();
                return sawTheFirstsIndex;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            // the second class is either at the turn or, without it, past the reset of its test
            awaitCondition(
                    "the second class waits for its turn or has started",
                    () -> turns.waiting() == 1 || secondSaw.isDone());
            assertThat(first.search.index("first").exists())
                    .as("the first class's index, in the middle of its test")
                    .isTrue();
            assertThat(secondSaw).as("the second class has not started").isNotDone();

            firstManager.afterTestMethod(first, method(), null);
            firstManager.afterTestClass();
            assertThat(secondSaw.get(GIVE_UP.toSeconds(), TimeUnit.SECONDS))
                    .as("the second class starts from the startup state")
                    .isFalse();
        } finally {
            secondSaw.cancel(true);
            firstManager.getTestContext().markApplicationContextDirty(HierarchyMode.EXHAUSTIVE);
        }
    }

    private static void awaitCondition(String condition, BooleanSupplier met) {
        long giveUpAt = System.nanoTime() + GIVE_UP.toNanos();
        while (!met.getAsBoolean()) {
            assertThat(System.nanoTime() - giveUpAt)
                    .as("waited for: " + condition)
                    .isNegative();
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    /** A test method to name to the listeners; what it is does not matter to them. */
    private static Method method() throws NoSuchMethodException {
        return Object.class.getMethod("toString");
    }

    @SpringJUnitConfig(QuarryMockServerTest.Application.class)
    @QuarryMockServer(hosts = 2)
    static class First {
        @Autowired
        SearchClient search;
    }

    @SpringJUnitConfig(QuarryMockServerTest.Application.class)
    @QuarryMockServer(hosts = 2)
    static class Second {
        @Autowired
        SearchClient search;
    }
}
