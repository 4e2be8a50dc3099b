/**
 * The baseline: the same calls written by hand with OkHttp and Jackson, as a user without the SDK would, with
 * the same headers, bodies, timeouts and TCP_NODELAY. The client benchmarks report Quarry as a ratio to it.
 */
package io.quarry.benchmarks.raw;
