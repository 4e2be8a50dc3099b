package io.quarry.insights;

import io.quarry.core.Endpoint;

/** Every endpoint of the insights API. */
final class Endpoints {

    private Endpoints() {}

    static final Endpoint SEND_EVENTS = Endpoint.write("sendEvents", "POST", "/1/events");
}
