package io.quarry.monitoring;

import io.quarry.core.Endpoint;

/**
 * Every endpoint of the monitoring API, one constant each, with the path template exactly as the service
 * documents it. All are reads.
 */
final class Endpoints {

    /** Status of every cluster and server. */
    static final Endpoint STATUS = Endpoint.read("status", "GET", "/1/status");
    /** Status of some clusters or servers. */
    static final Endpoint STATUS_OF = Endpoint.read("status", "GET", "/1/status/{servers}");
    /** Incidents of every cluster and server. */
    static final Endpoint INCIDENTS = Endpoint.read("incidents", "GET", "/1/incidents");
    /** Incidents of some clusters or servers. */
    static final Endpoint INCIDENTS_OF = Endpoint.read("incidents", "GET", "/1/incidents/{servers}");
    /** The servers of the application. */
    static final Endpoint INVENTORY_SERVERS = Endpoint.read("inventoryServers", "GET", "/1/inventory/servers");
    /** The probes. */
    static final Endpoint INVENTORY_PROBES = Endpoint.read("inventoryProbes", "GET", "/1/inventory/probes");
    /** Average latency, from the relevant probes. */
    static final Endpoint LATENCY = Endpoint.read("latency", "GET", "/1/latency/{servers}");
    /** Latency per relevant probe. */
    static final Endpoint LATENCY_RELEVANT_PROBES =
            Endpoint.read("latencyByRelevantProbes", "GET", "/1/latency/{servers}/probes/relevant");
    /** Latency per other probe. */
    static final Endpoint LATENCY_OTHER_PROBES =
            Endpoint.read("latencyByOtherProbes", "GET", "/1/latency/{servers}/probes/others");
    /** Average indexing time. */
    static final Endpoint INDEXING = Endpoint.read("indexingTime", "GET", "/1/indexing/{servers}");
    /** Reachability from each probe. */
    static final Endpoint REACHABILITY = Endpoint.read("reachability", "GET", "/1/reachability/{servers}/probes");
    /** Infrastructure metrics over a period. */
    static final Endpoint INFRASTRUCTURE =
            Endpoint.read("infrastructure", "GET", "/1/infrastructure/{metric}/period/{period}");

    private Endpoints() {}
}
