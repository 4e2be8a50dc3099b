package io.quarry.querysuggestions.model;

import java.time.Instant;

/**
 * One line of a build log. Lines nest by {@code contextLevel}: a line at level N+1 belongs to the closest line
 * before it at level N (a skipped query under the source index being read, for example).
 *
 * @param timestamp    when it was written
 * @param level        INFO, SKIP, ERROR or a level added later
 * @param message      what happened
 * @param contextLevel its nesting depth
 */
public record BuildLogLine(Instant timestamp, BuildLogLevel level, String message, int contextLevel) {}
