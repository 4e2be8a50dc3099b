/**
 * Quarry calls on the OpenTelemetry API: register {@link io.quarry.opentelemetry.OpenTelemetryCallObserver} on the
 * client configuration and every call becomes a span (the parent of the HTTP spans an OkHttp instrumentation makes,
 * such as the OpenTelemetry Java agent's), with a duration histogram and counters of retries, failovers and hosts
 * marked down. The attribute keys are those of {@link io.quarry.opentelemetry.QuarryAttributes}.
 */
package io.quarry.opentelemetry;
