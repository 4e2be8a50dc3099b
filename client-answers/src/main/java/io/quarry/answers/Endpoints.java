package io.quarry.answers;

import io.quarry.core.Endpoint;

/**
 * Every endpoint of the answers API, with the path template exactly as the service documents it. The prediction
 * only reads, so it goes to the search application's read hosts.
 */
final class Endpoints {

    /** Find the records answering a question, and their answers. */
    static final Endpoint PREDICTION = Endpoint.read("predict", "POST", "/1/answers/{indexName}/prediction");

    private Endpoints() {}
}
