/**
 * The browser console at {@code /_mock/console}: its page and files, and read-only views over the server's state and
 * over the journal and counters the server keeps of recent traffic ({@code internal.journal}), keys masked as they
 * are shown. Nothing here is loaded before the console's first request.
 */
package io.quarry.mockserver.internal.console;
