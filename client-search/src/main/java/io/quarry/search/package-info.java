/**
 * The search client. {@link io.quarry.search.SearchClient} for account-level calls, with the handles
 * {@link io.quarry.search.ApiKeys}, {@link io.quarry.search.Dictionaries} and {@link io.quarry.search.Clusters};
 * {@link io.quarry.search.SearchIndex} for index-scoped ones, with {@link io.quarry.search.IndexSynonyms},
 * {@link io.quarry.search.IndexRules} and {@link io.quarry.search.IndexApiKeys} (both key handles share their
 * calls through {@link io.quarry.search.KeyManagement}); and the helpers (task waits, lazy iteration, chunked
 * writes, replace-all, secured API keys).
 */
package io.quarry.search;
