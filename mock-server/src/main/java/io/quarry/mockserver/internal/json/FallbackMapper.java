package io.quarry.mockserver.internal.json;

import tools.jackson.databind.json.JsonMapper;

/**
 * The default mapper, built on first use: only for the trees {@link TreeWriter} leaves to a mapper (binary, POJO or
 * missing nodes, which no request's JSON reads into), so that a mock server never builds one otherwise.
 */
final class FallbackMapper {

    /** Built when this class is first used. */
    static final JsonMapper MAPPER = JsonMapper.builder(Json.FACTORY).build();

    private FallbackMapper() {}
}
