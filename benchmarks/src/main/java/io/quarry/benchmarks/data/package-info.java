/** The record shape both clients decode and the engine indexes, and a seeded generator of such records. */
package io.quarry.benchmarks.data;
