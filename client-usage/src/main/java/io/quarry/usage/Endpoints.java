package io.quarry.usage;

import io.quarry.core.Endpoint;

/**
 * Every endpoint of the usage API, one constant each, with the path template exactly as the service documents it.
 * Both are reads.
 */
final class Endpoints {

    /** Statistics of the application. */
    static final Endpoint STATISTICS = Endpoint.read("statistics", "GET", "/1/usage/{statistic}");
    /** Statistics of one index. */
    static final Endpoint INDEX_STATISTICS = Endpoint.read("indexStatistics", "GET", "/1/usage/{statistic}/{index}");

    private Endpoints() {}
}
