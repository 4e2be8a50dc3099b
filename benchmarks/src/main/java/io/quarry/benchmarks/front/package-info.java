/**
 * The mock server's HTTP front under load: two standalone jars (two builds of the mock server) taking turns, each
 * measured for search throughput and for how long a refusal takes while heavy searches run. {@link
 * io.quarry.benchmarks.front.FrontThroughput} runs them.
 */
package io.quarry.benchmarks.front;
