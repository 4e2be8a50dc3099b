/**
 * Spring Boot auto-configuration of the Quarry clients, for Spring Boot 3.5 and 4.0: {@code quarry.*} properties,
 * a bean of each client on the class path, {@link io.quarry.spring.QuarryClientConfigCustomizer} beans, opt-in
 * health indicators, and every call observed by the application's Micrometer registry when there is one.
 */
package io.quarry.spring;
