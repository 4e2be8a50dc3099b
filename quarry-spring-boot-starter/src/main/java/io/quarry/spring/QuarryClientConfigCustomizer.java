package io.quarry.spring;

import io.quarry.core.ClientConfig;

/**
 * Adjusts the configuration of every auto-configured client, for what the {@code quarry.*} properties do not
 * cover: a proxy, a shared OkHttp client, default headers, a trust manager. Declare it as a bean; beans run in their
 * {@link org.springframework.core.annotation.Order order}, after the properties are applied.
 *
 * <pre>{@code
 * @Bean
 * QuarryClientConfigCustomizer userAgent() {
 *     return builder -> builder.addUserAgentSegment("my-shop (2.1)");
 * }
 * }</pre>
 */
@FunctionalInterface
public interface QuarryClientConfigCustomizer {

    /**
     * Adjusts one client's configuration before it is built.
     *
     * @param builder the builder, with the properties already applied
     */
    void customize(ClientConfig.Builder builder);
}
