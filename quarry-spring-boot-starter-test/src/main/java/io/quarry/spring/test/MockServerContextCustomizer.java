package io.quarry.spring.test;

import io.quarry.mockserver.MockServer;
import io.quarry.spring.QuarryClientConfigCustomizer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.X509TrustManager;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.Resource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Starts the server as the context is prepared and registers it as a bean closed with the context, with the
 * {@link io.quarry.spring.QuarryConnectionDetails} that point every auto-configured client at it (primary, so that
 * they win over any the application defines, as they do over its {@code quarry.*} properties).
 */
final class MockServerContextCustomizer implements ContextCustomizer {

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
        MockServer server = builder.start();

        RootBeanDefinition serverBean = new RootBeanDefinition(MockServer.class, () -> server);
        serverBean.setDestroyMethodName("close");
        registry.registerBeanDefinition("quarryMockServer", serverBean);
        RootBeanDefinition connectionDetails = new RootBeanDefinition(
                MockServerConnectionDetails.class, () -> new MockServerConnectionDetails(server));
        connectionDetails.setPrimary(true);
        registry.registerBeanDefinition("quarryMockServerConnectionDetails", connectionDetails);
        if (server.isHttps()) {
            X509TrustManager trust = server.trustMaterial().trustManager();
            registry.registerBeanDefinition(
                    "quarryMockServerTrust", new RootBeanDefinition(QuarryClientConfigCustomizer.class, () ->
                            (QuarryClientConfigCustomizer) b -> b.trustManager(trust)));
        }
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
