/**
 * Streaming ingestion: a million generated records of about 1 KB written from a lazy source, by the SDK's chunked
 * write, by its ingester fed from 8 threads, and by a hand-written OkHttp + Jackson loop streaming the same chunks
 * with the same number in flight, into a mock server running in its own JVM.
 */
package io.quarry.benchmarks.ingest;
