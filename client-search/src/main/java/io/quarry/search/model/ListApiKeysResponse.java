package io.quarry.search.model;

import java.util.List;

/**
 * A list of keys.
 *
 * @param keys the keys
 */
public record ListApiKeysResponse(List<ApiKeyInfo> keys) {}
