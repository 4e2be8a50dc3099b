/**
 * Cold start: the time from JVM start to the first search answer, for short-lived processes (batch jobs,
 * command-line tools, functions). {@link io.quarry.benchmarks.coldstart.ColdStart} starts a fresh JVM per run,
 * alternating Quarry ({@link io.quarry.benchmarks.coldstart.QuarryFirstSearch}) and the raw baseline
 * ({@link io.quarry.benchmarks.coldstart.RawFirstSearch}) against the canned server, optionally with an
 * application class-data sharing archive, and counts the classes each loads before its answer.
 */
package io.quarry.benchmarks.coldstart;
