package io.quarry.search.model;

import java.time.Instant;
import java.util.List;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * An API key as read back. {@code value} is the key itself: treat it as a secret ({@link #toString()} masks it).
 *
 * @param value                  the key
 * @param createdAt              when the key was created, to the second (the service gives Unix seconds here)
 * @param acl                    rights
 * @param description            label
 * @param indexes                indices it is limited to (global list)
 * @param index                  its index (all-indices index-key listing)
 * @param maxHitsPerQuery        most hits per query
 * @param maxQueriesPerIPPerHour rate limit
 * @param queryParameters        forced parameters
 * @param referers               allowed referrers
 * @param validity               remaining lifetime in seconds, 0 none; a remainder past {@link Integer#MAX_VALUE}
 *                               seconds (about 68 years) reads as {@link Integer#MAX_VALUE}
 */
public record ApiKeyInfo(
        String value,

        @JsonDeserialize(using = EpochSecondsJson.Reader.class) @JsonSerialize(using = EpochSecondsJson.Writer.class)
        Instant createdAt,

        List<Acl> acl,
        String description,
        List<String> indexes,
        String index,
        Integer maxHitsPerQuery,
        Integer maxQueriesPerIPPerHour,
        String queryParameters,
        List<String> referers,
        @JsonDeserialize(using = SaturatedIntJson.class) Integer validity) {

    /**
     * Keeps unmodifiable copies of the lists.
     *
     * @param value see the record description
     * @param createdAt see the record description
     * @param acl see the record description
     * @param description see the record description
     * @param indexes see the record description
     * @param index see the record description
     * @param maxHitsPerQuery see the record description
     * @param maxQueriesPerIPPerHour see the record description
     * @param queryParameters see the record description
     * @param referers see the record description
     * @param validity see the record description
     */
    public ApiKeyInfo {
        acl = Copies.list(acl);
        indexes = Copies.list(indexes);
        referers = Copies.list(referers);
    }

    /** Shows everything but the key. */
    @Override
    public String toString() {
        return "ApiKeyInfo{value=***, acl=" + acl + ", description=" + description + ", indexes=" + indexes + ", index="
                + index + ", validity=" + validity + "}";
    }
}
