package io.quarry.spring.test;

import io.quarry.mockserver.MockServer;
import io.quarry.spring.QuarryClientConfigCustomizer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.X509TrustManager;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.io.Resource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Starts the server as the context is prepared, puts its URL and keys first among the {@code quarry.*} properties,
 * and registers it as a bean closed with the context.
 */
final class MockServerContextCustomizer implements ContextCustomizer {

    /** Every client's group, whose own hosts and keys the application may have set. */
    private static final List<String> SHARED_KEY_CLIENTS =
            List.of("search", "analytics", "insights", "personalization", "answers", "query-suggestions");

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
        MockServer.Builder builder = MockServer.builder().https(settings.https());
        for (String location : settings.seed()) {
            builder.seedJson(read(context.getResource(location), location));
        }
        MockServer server = builder.start();
        context.getEnvironment()
                .getPropertySources()
                .addFirst(new MapPropertySource("quarryMockServer", properties(server)));

        RootBeanDefinition serverBean = new RootBeanDefinition(MockServer.class, () -> server);
        serverBean.setDestroyMethodName("close");
        registry.registerBeanDefinition("quarryMockServer", serverBean);
        if (server.isHttps()) {
            X509TrustManager trust = server.trustMaterial().trustManager();
            registry.registerBeanDefinition(
                    "quarryMockServerTrust", new RootBeanDefinition(QuarryClientConfigCustomizer.class, () ->
                            (QuarryClientConfigCustomizer) b -> b.trustManager(trust)));
        }
    }

    private static Map<String, Object> properties(MockServer server) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("quarry.application-id", server.applicationId());
        properties.put("quarry.api-key", server.adminKey());
        properties.put("quarry.hosts", server.url());
        for (String client : SHARED_KEY_CLIENTS) {
            properties.put("quarry." + client + ".api-key", server.adminKey());
            properties.put("quarry." + client + ".hosts", server.url());
        }
        properties.put("quarry.monitoring.api-key", server.monitoringKey());
        properties.put("quarry.monitoring.hosts", server.url());
        properties.put("quarry.usage.api-key", server.usageKey());
        properties.put("quarry.usage.hosts", server.url());
        properties.put("quarry.crawler.user-id", server.crawlerUserId());
        properties.put("quarry.crawler.api-key", server.crawlerApiKey());
        // The server serves the crawler API under the path the service's crawler host uses.
        properties.put("quarry.crawler.hosts", server.url() + "/api/1");
        return properties;
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
