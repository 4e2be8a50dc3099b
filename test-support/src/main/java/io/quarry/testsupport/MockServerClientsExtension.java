package io.quarry.testsupport;

import io.quarry.core.ClientConfig;
import io.quarry.core.Region;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Injects ready clients pointed at the mock server: any parameter whose type is a Quarry client (a class of an
 * {@code io.quarry} package with a static {@code create(ClientConfig)}, or {@code create(ClientConfig, Region)} for a
 * client whose service has regional hosts only) gets one, configured with the server's URL, application ID and the
 * right credentials (admin key; monitoring key, usage key or crawler basic authentication for those clients). The
 * region given is {@link Region#US}; the server's URL replaces its host. Each client is closed when its test (or class, for {@code @BeforeAll}
 * parameters) ends. Register it after {@link MockServerExtension}:
 *
 * <pre>{@code
 * @ExtendWith({MockServerExtension.class, MockServerClientsExtension.class})
 * class CatalogueTest {
 *     @Test
 *     void findsTheLamp(SearchClient client) { ... }
 * }
 * }</pre>
 */
public final class MockServerClientsExtension implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(MockServerClientsExtension.class);

    /** Creates the extension (JUnit does, through {@code @ExtendWith}). */
    public MockServerClientsExtension() {}

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return factory(parameterContext.getParameter().getType()) != null;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        Class<?> type = parameterContext.getParameter().getType();
        MockServer server = MockServerExtension.serverOf(extensionContext);
        if (server == null) {
            throw new ParameterResolutionException(
                    "no mock server: register MockServerExtension before MockServerClientsExtension");
        }
        Method factory = factory(type);
        ClientConfig config = configFor(type).apply(server);
        Object client;
        try {
            client = factory.getParameterCount() == 1
                    ? factory.invoke(null, config)
                    : factory.invoke(null, config, Region.US);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new ParameterResolutionException("could not create a " + type.getSimpleName(), e);
        }
        if (client instanceof AutoCloseable closeable) {
            // JUnit closes AutoCloseable store values when the context (the test, or the class) ends.
            extensionContext.getStore(NAMESPACE).put(new Object(), closeable);
        }
        return client;
    }

    /** {@return the client's configuration rule: the product key or crawler credentials it needs} */
    private static Function<MockServer, ClientConfig> configFor(Class<?> type) {
        return switch (type.getPackageName()) {
            case "io.quarry.monitoring" -> MockServerClients::monitoringConfig;
            case "io.quarry.usage" -> MockServerClients::usageConfig;
            case "io.quarry.crawler" -> MockServerClients::crawlerConfig;
            default -> MockServerClients::config;
        };
    }

    /**
     * {@return the type's public static {@code create(ClientConfig)}, else its {@code create(ClientConfig, Region)},
     * when it is a Quarry client; else null}
     */
    private static Method factory(Class<?> type) {
        if (!type.getPackageName().startsWith("io.quarry.")) {
            return null;
        }
        Method create = factory(type, ClientConfig.class);
        return create != null ? create : factory(type, ClientConfig.class, Region.class);
    }

    private static Method factory(Class<?> type, Class<?>... parameters) {
        try {
            Method create = type.getMethod("create", parameters);
            boolean factory = Modifier.isStatic(create.getModifiers()) && create.getReturnType() == type;
            return factory ? create : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }
}
