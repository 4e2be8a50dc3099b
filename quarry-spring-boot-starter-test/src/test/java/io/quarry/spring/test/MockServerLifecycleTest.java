package io.quarry.spring.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.MockServer;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.context.support.GenericApplicationContext;

/** The annotation's server lives exactly as long as its context's beans: none is left listening by a failed start. */
class MockServerLifecycleTest {

    private static final String ACCEPTING = "quarry-mock-server-accept-";

    private final MockServerContextCustomizer customizer =
            new MockServerContextCustomizer(new MockServerSettings(false, 2, List.of()));

    @Test
    void aContextWhoseStartFailsBeforeItsBeansLeavesNoServerListening() {
        Set<String> before = acceptingThreads();
        GenericApplicationContext context = new GenericApplicationContext();
        customizer.customizeContext(context, null);
        context.addBeanFactoryPostProcessor(failing());

        assertThatThrownBy(context::refresh).hasMessage("the application's configuration is broken");

        assertThat(acceptingThreads()).isEqualTo(before);
    }

    @Test
    void aContextNeverStartedLeavesNoServerListening() {
        Set<String> before = acceptingThreads();
        GenericApplicationContext context = new GenericApplicationContext();
        customizer.customizeContext(context, null);
        context.close();

        assertThat(acceptingThreads()).isEqualTo(before);
    }

    @Test
    void theServerStartsWithTheContextAndClosesWithIt() {
        GenericApplicationContext context = new GenericApplicationContext();
        customizer.customizeContext(context, null);
        context.refresh();
        MockServer server = context.getBean(MockServer.class);
        assertThat(server.hosts()).hasSize(2);
        assertThat(context.getBean(MockServerConnectionDetails.class).getApplicationId())
                .isEqualTo(server.applicationId());

        context.close();
        context.close(); // a second close does nothing more

        assertThat(server.hosts()).noneMatch(host -> acceptingThreads().contains(ACCEPTING + host.port()));
    }

    private static BeanFactoryPostProcessor failing() {
        return beanFactory -> {
            throw new IllegalStateException("the application's configuration is broken");
        };
    }

    private static Set<String> acceptingThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .map(Thread::getName)
                .filter(name -> name.startsWith(ACCEPTING))
                .collect(Collectors.toSet());
    }
}
