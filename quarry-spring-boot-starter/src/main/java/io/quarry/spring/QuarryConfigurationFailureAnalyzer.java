package io.quarry.spring;

import io.quarry.core.ConfigurationException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a client that could not be made as Spring Boot reports a bad property: what is wrong (the SDK's message,
 * which names settings and never values), and the fix for that kind of failure.
 */
class QuarryConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<ConfigurationException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, ConfigurationException cause) {
        ClientSetupException setup = findCause(rootFailure, ClientSetupException.class);
        if (setup == null) {
            // a client the application made itself
            return new FailureAnalysis(
                    "A Quarry client could not be configured: " + cause.getMessage(),
                    "Correct the client's configuration as the description says: it names the setting at fault.",
                    cause);
        }
        String description = setup.problem() == ClientSetupException.Problem.CLASS_PATH
                ? "A Quarry client could not be created on this class path: "
                : "A Quarry client could not be configured: ";
        return new FailureAnalysis(description + cause.getMessage(), action(setup), cause);
    }

    private static String action(ClientSetupException setup) {
        String setting = setup.setting();
        return switch (setup.problem()) {
            case MISSING_PROPERTY ->
                "Set " + setting + " in the application's properties or as the environment"
                        + " variable " + EnvironmentVariables.of(setting) + ", or define a QuarryConnectionDetails bean"
                        + " that gives it. If the application does not use this client, take its module off the class"
                        + " path.";
            case MISSING_REGION ->
                "Set " + setting + " (environment variable " + EnvironmentVariables.of(setting) + ") to us or eu,"
                        + " the region where the application's data is stored, or give the client hosts of"
                        + " its own (its quarry.<client>.hosts property, or the application's QuarryConnectionDetails"
                        + " bean). If the application does not use this client, take its module off the class path.";
            case INVALID_PROPERTY ->
                "Correct the value of " + setting + ", in the application's properties or"
                        + " environment, as the description says.";
            case CONNECTION_DETAILS ->
                "Correct the application's QuarryConnectionDetails bean (" + setting
                        + ") so that it gives every value the client needs, as the description says.";
            case CLIENT_SETTINGS ->
                "Correct the setting the description names where the application sets it: the"
                        + " application ID (quarry.application-id) and host URLs in the quarry.*hosts properties or its"
                        + " QuarryConnectionDetails bean, any other client setting in its QuarryClientConfigCustomizer"
                        + " beans."
                        + (setting == null
                                ? ""
                                : " Use https, or, where plain http to that host is really intended (a mock server"
                                        + " reached by its Docker Compose service name), set " + setting
                                        + " (environment variable " + EnvironmentVariables.of(setting)
                                        + ") to true.");
            case CLASS_PATH ->
                "Declare the library the description names, at the version it gives, ahead of"
                        + " Spring Boot's dependency management: in Maven, in the project's own <dependencyManagement>"
                        + " before the imported spring-boot-dependencies BOM (anywhere in it when"
                        + " spring-boot-starter-parent is the parent); in Gradle, as a dependency constraint.";
        };
    }
}
