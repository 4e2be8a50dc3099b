package io.quarry.spring.test;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension.StatePolicy;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestContextAnnotationUtils;
import org.springframework.test.context.TestExecutionListener;
import org.springframework.util.ClassUtils;

/**
 * Puts the mock server of a {@link QuarryMockServer} test back to its startup state: before each test method, or,
 * for a class that keeps its state, once as the class starts. Spring's context cache gives one server to every test
 * class with the same settings, so without that reset a class keeping its state would start from what the class
 * before it left. A {@code @Nested} class that takes its enclosing class's annotation shares that class's state.
 */
class MockServerResetListener implements TestExecutionListener {

    @Override
    public void beforeTestClass(TestContext testContext) {
        Class<?> testClass = testContext.getTestClass();
        boolean startsItsOwnState = !ClassUtils.isInnerClass(testClass)
                || MergedAnnotations.from(testClass).isDirectlyPresent(QuarryMockServer.class);
        if (state(testClass) == StatePolicy.KEPT_ACROSS_CLASS && startsItsOwnState) {
            server(testContext).reset();
        }
    }

    @Override
    public void beforeTestMethod(TestContext testContext) {
        if (state(testContext.getTestClass()) == StatePolicy.RESET_BEFORE_EACH_TEST) {
            server(testContext).reset();
        }
    }

    /** {@return the class's state policy, or null when it is not a {@link QuarryMockServer} test} */
    private static StatePolicy state(Class<?> testClass) {
        QuarryMockServer annotation =
                TestContextAnnotationUtils.findMergedAnnotation(testClass, QuarryMockServer.class);
        return annotation == null ? null : annotation.state();
    }

    private static MockServer server(TestContext testContext) {
        return testContext.getApplicationContext().getBean(MockServer.class);
    }
}
