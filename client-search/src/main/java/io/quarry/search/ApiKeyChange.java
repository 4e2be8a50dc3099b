package io.quarry.search;

/** The key change {@code waitForApiKey} waits to see propagated. */
public enum ApiKeyChange {
    /** A new key: wait until it can be read. */
    ADD,
    /** Updated parameters: wait until the key reads back with them. */
    UPDATE,
    /** A deleted key: wait until reading it answers 404. */
    DELETE
}
