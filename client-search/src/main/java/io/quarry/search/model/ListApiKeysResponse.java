package io.quarry.search.model;

import java.util.List;

/**
 * A list of keys.
 *
 * @param keys the keys
 */
public record ListApiKeysResponse(List<ApiKeyInfo> keys) {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param keys see the record description
     */
    public ListApiKeysResponse {
        keys = Copies.list(keys);
    }
}
