package io.quarry.spring.modulefixture;

import io.quarry.micrometer.MicrometerCallObserver;
import io.quarry.search.SearchClient;

/** Allowed: the starter makes beans of the clients' entry points and wires the Micrometer observer. */
class UsesSearchClient {
    SearchClient client;
    MicrometerCallObserver observer;
}
