/**
 * Quarry calls as Micrometer Observations: register {@link io.quarry.micrometer.MicrometerCallObserver} on the
 * client configuration and every call becomes an observation named {@code quarry.client.call} (a timer, and a span
 * through a tracing bridge such as Spring Boot's), with counters of retries, failovers and hosts marked down. The
 * keys are listed by {@link io.quarry.micrometer.QuarryObservationDocumentation}.
 */
package io.quarry.micrometer;
