/**
 * The search product: indices, records, search and browse, settings, synonyms, rules, keys, dictionaries, user
 * mappings, tasks and logs, one handler class per area over the application state and the engine. Internal: not
 * part of the public API.
 */
package io.quarry.mockserver.internal.products.search;
