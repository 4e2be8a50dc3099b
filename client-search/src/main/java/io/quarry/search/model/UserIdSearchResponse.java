package io.quarry.search.model;

import java.time.Instant;
import java.util.List;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A page of user mappings found by a search (the index behind it is rebuilt every 12 hours).
 *
 * @param hits        the mappings, with {@code objectID}
 * @param nbHits      how many match
 * @param page        zero-based page
 * @param hitsPerPage hits per page
 * @param updatedAt   when the search index was rebuilt, to the second (Unix seconds on the wire); null if not said
 */
public record UserIdSearchResponse(
        List<UserMapping> hits,
        Long nbHits,
        Integer page,
        Integer hitsPerPage,

        @JsonDeserialize(using = EpochSecondsJson.Reader.class) @JsonSerialize(using = EpochSecondsJson.Writer.class)
        Instant updatedAt) {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param hits see the record description
     * @param nbHits see the record description
     * @param page see the record description
     * @param hitsPerPage see the record description
     * @param updatedAt see the record description
     */
    public UserIdSearchResponse {
        hits = Copies.list(hits);
    }
}
