package io.quarry.spring.test;

import org.springframework.core.Ordered;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestContextAnnotationUtils;
import org.springframework.test.context.TestExecutionListener;
import org.springframework.util.ClassUtils;

/**
 * Gives a {@link QuarryMockServer} test class its {@link MockServerTurns turn} on the server for as long as it runs.
 * First of the listeners as a class starts and last as it ends, so that no other class comes in between the server's
 * reset and the class's end.
 */
class MockServerTurnListener implements TestExecutionListener, Ordered {

    private static final String TAKEN = MockServerTurnListener.class.getName() + ".taken";

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public void beforeTestClass(TestContext testContext) throws InterruptedException {
        if (TestContextAnnotationUtils.findMergedAnnotation(testContext.getTestClass(), QuarryMockServer.class)
                == null) {
            return;
        }
        MockServerTurns turns = testContext.getApplicationContext().getBean(MockServerTurns.class);
        turns.take(owner(testContext.getTestClass()));
        // kept for the class's end, when the context may already be closed
        testContext.setAttribute(TAKEN, turns);
    }

    @Override
    public void afterTestClass(TestContext testContext) {
        if (testContext.removeAttribute(TAKEN) instanceof MockServerTurns turns) {
            turns.give(owner(testContext.getTestClass()));
        }
    }

    /** {@return the top-level class of a test class, which its {@code @Nested} classes share the turn with} */
    private static Class<?> owner(Class<?> testClass) {
        Class<?> owner = testClass;
        while (ClassUtils.isInnerClass(owner)) {
            owner = owner.getEnclosingClass();
        }
        return owner;
    }
}
