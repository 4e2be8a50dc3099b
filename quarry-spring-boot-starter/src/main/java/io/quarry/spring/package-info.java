/**
 * Spring Boot auto-configuration of the Quarry clients, for Spring Boot 3.5 and 4.0: {@code quarry.*} properties,
 * a bean of each client on the class path, {@link io.quarry.spring.QuarryClientConfigCustomizer} beans, and opt-in
 * health indicators.
 */
package io.quarry.spring;
