/**
 * Spring Boot auto-configuration of the Quarry clients, for Spring Boot 3.5 and 4.0: {@code quarry.*} properties,
 * a bean of each client on the class path, {@link io.quarry.spring.QuarryClientConfigCustomizer} beans, and every
 * call observed by the application's Micrometer registry when there is one.
 *
 * <p>Where the clients connect, and as whom, is Spring Boot's {@code ConnectionDetails} for Quarry,
 * {@link io.quarry.spring.QuarryConnectionDetails}: the properties give it unless the application, a test container,
 * Docker Compose or {@code @QuarryMockServer} defines one. Health checks are opt-in per client
 * ({@code quarry.health.search.enabled=true}) and follow Spring Boot's switch for health indicators,
 * {@code management.health.quarry.enabled}; their calls are not counted among the application's.
 */
package io.quarry.spring;
