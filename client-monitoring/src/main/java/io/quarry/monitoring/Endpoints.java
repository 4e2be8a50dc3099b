package io.quarry.monitoring;

import io.quarry.core.Endpoint;

/**
 * Every endpoint of the monitoring API, one constant each, with the path template exactly as the service
 * documents it. All are reads.
 */
final class Endpoints {

    /** Status of every cluster and server. */
    static final Endpoint STATUS = Endpoint.read("GET", "/1/status").named("status");
    /** Status of some clusters or servers. */
    static final Endpoint STATUS_OF =
            Endpoint.read("GET", "/1/status/{servers}").named("status");
    /** Incidents of every cluster and server. */
    static final Endpoint INCIDENTS = Endpoint.read("GET", "/1/incidents").named("incidents");
    /** Incidents of some clusters or servers. */
    static final Endpoint INCIDENTS_OF =
            Endpoint.read("GET", "/1/incidents/{servers}").named("incidents");
    /** The servers of the application. */
    static final Endpoint INVENTORY_SERVERS =
            Endpoint.read("GET", "/1/inventory/servers").named("inventoryServers");
    /** The probes. */
    static final Endpoint INVENTORY_PROBES =
            Endpoint.read("GET", "/1/inventory/probes").named("inventoryProbes");
    /** Average latency, from the relevant probes. */
    static final Endpoint LATENCY = Endpoint.read("GET", "/1/latency/{servers}").named("latency");
    /** Latency per relevant probe. */
    static final Endpoint LATENCY_RELEVANT_PROBES =
            Endpoint.read("GET", "/1/latency/{servers}/probes/relevant").named("latencyByRelevantProbes");
    /** Latency per other probe. */
    static final Endpoint LATENCY_OTHER_PROBES =
            Endpoint.read("GET", "/1/latency/{servers}/probes/others").named("latencyByOtherProbes");
    /** Average indexing time. */
    static final Endpoint INDEXING =
            Endpoint.read("GET", "/1/indexing/{servers}").named("indexingTime");
    /** Reachability from each probe. */
    static final Endpoint REACHABILITY =
            Endpoint.read("GET", "/1/reachability/{servers}/probes").named("reachability");
    /** Infrastructure metrics over a period. */
    static final Endpoint INFRASTRUCTURE =
            Endpoint.read("GET", "/1/infrastructure/{metric}/period/{period}").named("infrastructure");

    private Endpoints() {}
}
