package io.quarry.spring;

import io.quarry.core.ConfigurationException;

/**
 * A client the starter could not make. Its cause, the SDK's {@link ConfigurationException}, says what is wrong,
 * naming settings and never their values; its {@link Problem} says which kind of fix it needs, which
 * {@link QuarryConfigurationFailureAnalyzer} turns into the action it shows.
 */
final class ClientSetupException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The kinds of failure, each with its own fix. */
    enum Problem {
        /** A {@code quarry.*} property a client needs is not set, or blank. */
        MISSING_PROPERTY,
        /**
         * {@code quarry.region} is not set for a client whose service has hosts in each region only, and its
         * configuration names no hosts of its own.
         */
        MISSING_REGION,
        /** A {@code quarry.*} property's value cannot be used. */
        INVALID_PROPERTY,
        /** The application's {@link QuarryConnectionDetails} bean gave no value, or one that cannot be used. */
        CONNECTION_DETAILS,
        /**
         * The finished settings were refused, customizers included: plain http without the opt-in, a bad header, a
         * crawler host whose path does not end in the crawler API's, an application ID that cannot be part of the
         * default host names. Its setting, when there is one, is the property whose opt-in alone would let plain
         * http through.
         */
        CLIENT_SETTINGS,
        /** A library the client runs on is older than it needs, which creating the client checks. */
        CLASS_PATH
    }

    private final Problem problem;
    private final String setting;

    /**
     * Creates the failure.
     *
     * @param problem the kind of failure
     * @param setting the property, or the connection details' class, to name in the fix; null when there is none
     * @param cause   what is wrong
     */
    ClientSetupException(Problem problem, String setting, ConfigurationException cause) {
        super(cause.getMessage(), cause);
        this.problem = problem;
        this.setting = setting;
    }

    /** {@return the kind of failure} */
    Problem problem() {
        return problem;
    }

    /** {@return the property, or the connection details' class, that the fix names; null when there is none} */
    String setting() {
        return setting;
    }
}
