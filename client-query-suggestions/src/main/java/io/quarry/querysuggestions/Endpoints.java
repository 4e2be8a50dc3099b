package io.quarry.querysuggestions;

import io.quarry.core.Endpoint;

/**
 * Every endpoint of the query-suggestions API, with the path template exactly as the service documents it. The
 * API has one host per region, so reads and writes go to the same host.
 */
final class Endpoints {

    /** Create a configuration. */
    static final Endpoint CREATE_CONFIG = Endpoint.write("createConfig", "POST", "/1/configs");
    /** Replace a configuration (or create it). */
    static final Endpoint REPLACE_CONFIG = Endpoint.write("replaceConfig", "PUT", "/1/configs/{indexName}");
    /** Delete a configuration. */
    static final Endpoint DELETE_CONFIG = Endpoint.write("deleteConfig", "DELETE", "/1/configs/{indexName}");
    /** Read a configuration. */
    static final Endpoint GET_CONFIG = Endpoint.read("getConfig", "GET", "/1/configs/{indexName}");
    /** Read the build status of a configuration. */
    static final Endpoint GET_CONFIG_STATUS = Endpoint.read("getConfigStatus", "GET", "/1/configs/{indexName}/status");
    /** List every configuration. */
    static final Endpoint LIST_CONFIGS = Endpoint.read("listConfigs", "GET", "/1/configs");
    /** Read the log of the last build, as JSON Lines. */
    static final Endpoint GET_LOG_FILE = Endpoint.read("getBuildLog", "GET", "/1/logs/{indexName}");

    private Endpoints() {}
}
