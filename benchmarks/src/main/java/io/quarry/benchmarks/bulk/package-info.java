/**
 * Bulk indexing through the client: records per second that {@code saveObjects} pushes into an embedded mock
 * server over HTTP, with several chunks in flight.
 */
package io.quarry.benchmarks.bulk;
