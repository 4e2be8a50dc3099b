/**
 * Two builds of the SDK measured against each other in one JVM, each in a class loader of its own: how a place
 * where the client replaces a library's own mechanism is kept or removed.
 */
package io.quarry.benchmarks.variants;
