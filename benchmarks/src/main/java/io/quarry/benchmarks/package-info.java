/**
 * Benchmarks of the Quarry SDK: the client's overhead against raw OkHttp + Jackson doing the same calls by hand
 * ({@code client}, {@code raw}, {@code canned}), the time from JVM start to the first search answer
 * ({@code coldstart}), the mock server's search engine ({@code engine}) and bulk indexing into it through the client
 * ({@code bulk}). Record shapes and generators are in {@code data}. Nothing here is public API.
 */
package io.quarry.benchmarks;
