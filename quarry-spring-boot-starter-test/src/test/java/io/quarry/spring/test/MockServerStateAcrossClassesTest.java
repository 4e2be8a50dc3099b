package io.quarry.spring.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension.StatePolicy;
import io.quarry.search.SearchClient;
import java.lang.reflect.Method;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext.HierarchyMode;
import org.springframework.test.context.TestContextManager;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * Test classes with the same settings share one server through Spring's context cache; what one class wrote must
 * not reach the next, whatever state policy either has. Each class is run here as Spring's JUnit extension runs it,
 * through its own {@link TestContextManager}, one after the other.
 */
class MockServerStateAcrossClassesTest {

    @Test
    void aClassKeepingItsStateStartsFromTheStartupStateOfASharedServerAndKeepsItForItsNestedClasses() throws Exception {
        Resetting writer = new Resetting();
        TestContextManager first = started(writer);
        first.beforeTestMethod(writer, method());
        writer.search.index("left-behind").saveObject("1", Map.of("name", "from the class before"));
        finished(first, writer);

        Keeping keeper = new Keeping();
        TestContextManager second = started(keeper);
        try {
            assertThat(second.getTestContext().getApplicationContext())
                    .as("the two classes share one context, as Spring's cache gives it")
                    .isSameAs(first.getTestContext().getApplicationContext());
            second.beforeTestMethod(keeper, method());
            assertThat(keeper.search.index("left-behind").exists()).isFalse();
            keeper.search.index("kept").saveObject("1", Map.of("name", "written by this class"));
            second.afterTestMethod(keeper, method(), null);

            second.beforeTestMethod(keeper, method());
            assertThat(keeper.search.index("kept").exists())
                    .as("kept for the class's next test")
                    .isTrue();
            second.afterTestMethod(keeper, method(), null);

            Keeping.Inner nested = keeper.new Inner();
            TestContextManager third = started(nested);
            third.beforeTestMethod(nested, method());
            assertThat(nested.search.index("kept").exists())
                    .as("kept for a nested class, which shares its enclosing class's state")
                    .isTrue();
            finished(third, nested);
        } finally {
            second.afterTestClass();
            second.getTestContext().markApplicationContextDirty(HierarchyMode.EXHAUSTIVE);
        }
    }

    private static TestContextManager started(Object instance) throws Exception {
        TestContextManager manager = new TestContextManager(instance.getClass());
        manager.beforeTestClass();
        manager.prepareTestInstance(instance);
        return manager;
    }

    private static void finished(TestContextManager manager, Object instance) throws Exception {
        manager.afterTestMethod(instance, method(), null);
        manager.afterTestClass();
    }

    /** A test method to name to the listeners; what it is does not matter to them. */
    private static Method method() throws NoSuchMethodException {
        return Object.class.getMethod("toString");
    }

    /** A class with the default policy: reset before each of its tests. */
    @SpringJUnitConfig(QuarryMockServerTest.Application.class)
    @QuarryMockServer
    static class Resetting {
        @Autowired
        SearchClient search;
    }

    /** A class that keeps its state across its tests, with otherwise the same settings. */
    @SpringJUnitConfig(QuarryMockServerTest.Application.class)
    @QuarryMockServer(state = StatePolicy.KEPT_ACROSS_CLASS)
    static class Keeping {
        @Autowired
        SearchClient search;

        /** A {@code @Nested} class, taking the enclosing class's settings. */
        class Inner {
            @Autowired
            SearchClient search;
        }
    }
}
