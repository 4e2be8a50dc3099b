package io.quarry.spring.test;

import io.quarry.mockserver.MockServer;
import io.quarry.spring.QuarryClientConfigCustomizer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.X509TrustManager;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.Resource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Registers the server as a bean, started when the context creates it and closed with the context, its
 * {@link MockServerTurns turns} for the test classes sharing it, and the
 * {@link io.quarry.spring.QuarryConnectionDetails} that point every auto-configured client at it (primary, so that
 * they win over any the application defines, as they do over its {@code quarry.*} properties). The seeds are read as
 * the context is prepared, so that a missing one fails at once; the server starts only as a bean, so that a context
 * whose start fails before it, or that is never started, leaves no server listening.
 */
final class MockServerContextCustomizer implements ContextCustomizer {

    private static final String SERVER_BEAN = "quarryMockServer";

    private final MockServerSettings settings;

    MockServerContextCustomizer(MockServerSettings settings) {
        this.settings = settings;
    }

    @Override
    public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration config) {
        if (!(context instanceof BeanDefinitionRegistry registry)) {
            throw new IllegalStateException("@QuarryMockServer needs an application context that accepts bean"
                    + " definitions, such as the one @SpringBootTest creates");
        }
        MockServer.Builder builder = MockServer.builder().hosts(settings.hosts());
        if (settings.https()) {
            builder.https();
        }
        for (String location : settings.seed()) {
            builder.seedJson(read(context.getResource(location), location));
        }
        BeanFactory beans = context.getBeanFactory();

        RootBeanDefinition serverBean = new RootBeanDefinition(MockServer.class, builder::start);
        serverBean.setDestroyMethodName("close");
        registry.registerBeanDefinition(SERVER_BEAN, serverBean);
        registry.registerBeanDefinition(
                "quarryMockServerTurns", new RootBeanDefinition(MockServerTurns.class, MockServerTurns::new));
        RootBeanDefinition connectionDetails = new RootBeanDefinition(
                MockServerConnectionDetails.class, () -> new MockServerConnectionDetails(server(beans)));
        connectionDetails.setPrimary(true);
        registry.registerBeanDefinition("quarryMockServerConnectionDetails", connectionDetails);
        if (settings.https()) {
            registry.registerBeanDefinition(
                    "quarryMockServerTrust", new RootBeanDefinition(QuarryClientConfigCustomizer.class, () -> {
                        X509TrustManager trust = server(beans).trustMaterial().trustManager();
                        return (QuarryClientConfigCustomizer) b -> b.trustManager(trust);
                    }));
        }
    }

    private static MockServer server(BeanFactory beans) {
        return beans.getBean(SERVER_BEAN, MockServer.class);
    }

    private static String read(Resource resource, String location) {
        try {
            return resource.getContentAsString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("@QuarryMockServer could not read the seed " + location, e);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MockServerContextCustomizer that && settings.equals(that.settings);
    }

    @Override
    public int hashCode() {
        return settings.hashCode();
    }
}
