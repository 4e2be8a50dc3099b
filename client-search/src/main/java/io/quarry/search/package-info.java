/**
 * The search client: {@link io.quarry.search.SearchClient} for account-level calls,
 * {@link io.quarry.search.SearchIndex} for index-scoped ones, the {@link io.quarry.search.Endpoints} table,
 * and the helpers (task waits, lazy iteration, chunked writes, replace-all, secured API keys).
 */
package io.quarry.search;
