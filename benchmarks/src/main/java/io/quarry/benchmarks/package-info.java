/**
 * JMH benchmarks of the Quarry SDK: the client's overhead against raw OkHttp + Jackson doing the same calls by
 * hand ({@code client}, {@code raw}, {@code canned}), and the mock server's search engine ({@code engine}).
 * Record shapes and generators are in {@code data}. Nothing here is public API.
 */
package io.quarry.benchmarks;
