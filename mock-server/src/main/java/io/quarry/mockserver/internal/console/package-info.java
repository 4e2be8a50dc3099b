/**
 * The browser console at {@code /_mock/console}: its page and files, and read-only views over the server's state and
 * over what it keeps of recent traffic, a bounded journal of answers and per-second counters. Nothing here is made
 * before the server's first request.
 */
package io.quarry.mockserver.internal.console;
