package io.quarry.spring.modulefixture;

import io.quarry.search.internal.ChunkedWriter;

/** A starter's class that reaches a client module's internals. */
class ReachesSearchInternals {
    ChunkedWriter writer;
}
