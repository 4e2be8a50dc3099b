package io.quarry.micrometer.modulefixture;

import io.quarry.opentelemetry.OpenTelemetryCallObserver;

/** An integration's class that uses another integration. */
class UsesAnotherIntegration {
    OpenTelemetryCallObserver observer;
}
