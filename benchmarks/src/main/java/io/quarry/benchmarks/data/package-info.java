/**
 * The record shapes both clients decode and send (a catalogue product as a Java {@code record}; an article as a
 * getter/setter class and as a {@code record}), and seeded generators of them.
 */
package io.quarry.benchmarks.data;
