/**
 * The monitoring product: the inventory of servers and probes, their status and incidents, latency and indexing
 * times measured from the mock server's own work, reachability and infrastructure metrics read from the JVM.
 * Internal: not part of the public API.
 */
package io.quarry.mockserver.internal.products.monitoring;
