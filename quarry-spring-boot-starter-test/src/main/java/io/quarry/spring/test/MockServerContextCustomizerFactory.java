package io.quarry.spring.test;

import java.util.List;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.TestContextAnnotationUtils;

/** Gives a test class annotated {@link QuarryMockServer} a context with a mock server in it. */
class MockServerContextCustomizerFactory implements ContextCustomizerFactory {

    @Override
    public ContextCustomizer createContextCustomizer(
            Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
        QuarryMockServer annotation =
                TestContextAnnotationUtils.findMergedAnnotation(testClass, QuarryMockServer.class);
        return annotation == null ? null : new MockServerContextCustomizer(MockServerSettings.of(annotation));
    }
}
