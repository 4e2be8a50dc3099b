/**
 * What the server keeps of its recent answers for the console, from its first answer on: the last 1,000 as they
 * came (paths and bodies cut, kept raw) and per-second counters. Recording an answer is a few copies and counts; the
 * console (package {@code internal.console}, loaded on its own first request) masks keys and formats what it shows
 * when it is read.
 */
package io.quarry.mockserver.internal.journal;
