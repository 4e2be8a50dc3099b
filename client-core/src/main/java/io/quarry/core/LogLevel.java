package io.quarry.core;

/**
 * What the client writes to its SLF4J logger ({@code io.quarry.core.http}); the SLF4J configuration still
 * decides what is kept. Keys are redacted at every level.
 */
public enum LogLevel {
    /** Nothing. */
    NONE,
    /** Request line, status and timing of each try, at debug. */
    BASIC,
    /** As {@link #BASIC}, plus request and response bodies at trace. */
    BODIES
}
