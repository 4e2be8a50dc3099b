/**
 * The query-suggestions product: configurations, their builds (which fill a suggestions index from the searches
 * the application recorded), build status and build log. Internal: not part of the public API.
 */
package io.quarry.mockserver.internal.products.suggestions;
