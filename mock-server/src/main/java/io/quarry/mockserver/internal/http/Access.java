package io.quarry.mockserver.internal.http;

/** Which credentials a route asks for; checked once, before any handler runs. */
public enum Access {
    /** The service's API: application ID and API key, as the service checks them. */
    API,
    /** The mock server's own control endpoints: the admin key alone. */
    CONTROL
}
