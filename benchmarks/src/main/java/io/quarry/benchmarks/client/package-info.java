/**
 * Client overhead: the same search and batch calls through Quarry's {@code SearchClient} and through the raw
 * baseline, against the canned server, in one JMH run; and the cost of failing over from a down host.
 */
package io.quarry.benchmarks.client;
