/**
 * The mock server's engine: embedded start, indexing throughput, search latency at 10k and 100k records, and
 * memory per 100k records ({@link io.quarry.benchmarks.engine.MemoryFootprint}, a plain main).
 */
package io.quarry.benchmarks.engine;
