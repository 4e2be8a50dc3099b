/**
 * The canned-response HTTP server the client benchmarks call: a separate process on loopback that answers
 * every search and every batch with the same bytes, so that the server costs little and the same for both
 * clients.
 */
package io.quarry.benchmarks.canned;
