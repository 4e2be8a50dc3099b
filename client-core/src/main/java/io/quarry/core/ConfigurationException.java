package io.quarry.core;

/** The client configuration is invalid: a blank application ID or key, an insecure host, no hosts, and so on. */
public final class ConfigurationException extends QuarryException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong and how to fix it
     */
    public ConfigurationException(String message) {
        super(message, null);
    }
}
