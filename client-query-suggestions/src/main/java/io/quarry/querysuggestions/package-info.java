/**
 * The query-suggestions client: {@link io.quarry.querysuggestions.QuerySuggestionsClient} creates, replaces,
 * reads, lists and deletes the configurations that build suggestions indices, reads their build status and
 * build log, and waits for a build; {@link io.quarry.core.Region} picks the regional host.
 */
package io.quarry.querysuggestions;
