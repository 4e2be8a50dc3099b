package io.quarry.mockserver;

/**
 * Whether a mock server serves its browser console at {@code /_mock/console}: a page showing its indices, a search
 * preview, the journal of recent requests, scripted faults, charts of recent traffic, tasks and keys, for a person
 * signing in with the admin key (or another key: the console shows what that key may see). See
 * {@link MockServer.Builder#console(Console)}.
 */
public enum Console {
    /** The console is served, and the server keeps its journal and counters (the default). */
    ON,
    /** No console: its paths answer 404, and no journal or counters are kept. */
    OFF
}
