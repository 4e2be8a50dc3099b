package io.quarry.core;

/**
 * The client configuration is invalid: a blank application ID or key, an insecure host, no hosts, a configuration
 * variable missing from the environment, and so on. The message names the setting or variable, never a key.
 */
public final class ConfigurationException extends QuarryException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is wrong and how to fix it
     */
    public ConfigurationException(String message) {
        super(message, null);
    }
}
