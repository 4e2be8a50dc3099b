package io.quarry.spring.test;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestContextAnnotationUtils;
import org.springframework.test.context.TestExecutionListener;

/** Resets the mock server of a {@link QuarryMockServer} test before each test method, unless the test opts out. */
class MockServerResetListener implements TestExecutionListener {

    @Override
    public void beforeTestMethod(TestContext testContext) {
        QuarryMockServer annotation =
                TestContextAnnotationUtils.findMergedAnnotation(testContext.getTestClass(), QuarryMockServer.class);
        if (annotation != null && annotation.state() == MockServerExtension.StatePolicy.RESET_BEFORE_EACH_TEST) {
            testContext.getApplicationContext().getBean(MockServer.class).reset();
        }
    }
}
