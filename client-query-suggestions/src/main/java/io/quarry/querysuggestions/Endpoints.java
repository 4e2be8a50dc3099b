package io.quarry.querysuggestions;

import io.quarry.core.Endpoint;

/**
 * Every endpoint of the query-suggestions API, with the path template exactly as the service documents it. The
 * API has one host per region, so reads and writes go to the same host.
 */
final class Endpoints {

    /** Create a configuration. */
    static final Endpoint CREATE_CONFIG = Endpoint.write("POST", "/1/configs").named("createConfig");
    /** Replace a configuration (or create it). */
    static final Endpoint REPLACE_CONFIG =
            Endpoint.write("PUT", "/1/configs/{indexName}").named("replaceConfig");
    /** Delete a configuration. */
    static final Endpoint DELETE_CONFIG =
            Endpoint.write("DELETE", "/1/configs/{indexName}").named("deleteConfig");
    /** Read a configuration. */
    static final Endpoint GET_CONFIG =
            Endpoint.read("GET", "/1/configs/{indexName}").named("getConfig");
    /** Read the build status of a configuration. */
    static final Endpoint GET_CONFIG_STATUS =
            Endpoint.read("GET", "/1/configs/{indexName}/status").named("getConfigStatus");
    /** List every configuration. */
    static final Endpoint LIST_CONFIGS = Endpoint.read("GET", "/1/configs").named("listConfigs");
    /** Read the log of the last build, as JSON Lines. */
    static final Endpoint GET_LOG_FILE =
            Endpoint.read("GET", "/1/logs/{indexName}").named("getBuildLog");

    private Endpoints() {}
}
