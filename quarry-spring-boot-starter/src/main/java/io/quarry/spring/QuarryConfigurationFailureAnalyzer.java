package io.quarry.spring;

import io.quarry.core.ConfigurationException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Reports a client that could not be configured as Spring Boot reports a bad property: what, and what to do. */
class QuarryConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<ConfigurationException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, ConfigurationException cause) {
        return new FailureAnalysis(
                "A Quarry client could not be configured: " + cause.getMessage(),
                "Set the property named above (in the application's properties, or as its environment variable),"
                        + " or take the client's module off the class path.",
                cause);
    }
}
