package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Records a rule pins at a position of the results: one record ({@code objectID}) or several, kept together in
 * their order ({@code objectIDs}).
 *
 * @param objectID  the record pinned, or null when {@code objectIDs} is given
 * @param objectIDs the records pinned together, or null when {@code objectID} is given
 * @param position  where the (first) record goes, from 0; one the service keeps past an {@code int}'s range (after
 *     every hit) reads as {@link Integer#MAX_VALUE}, which means the same
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Promotion(
        String objectID,
        List<String> objectIDs,
        @JsonDeserialize(using = SaturatedIntJson.class) int position) {

    /**
     * Keeps an unmodifiable copy of the list.
     *
     * @param objectID see the record description
     * @param objectIDs see the record description
     * @param position see the record description
     */
    public Promotion {
        objectIDs = Copies.list(objectIDs);
    }

    /**
     * One record at a position.
     *
     * @param objectID the record
     * @param position from 0
     * @return the promotion
     * @throws NullPointerException naming {@code objectID} if it is null
     */
    public static Promotion of(String objectID, int position) {
        return new Promotion(Objects.requireNonNull(objectID, "objectID"), null, position);
    }

    /**
     * Several records kept together from a position.
     *
     * @param objectIDs the records, in order
     * @param position  where the first goes, from 0
     * @return the promotion
     */
    public static Promotion together(List<String> objectIDs, int position) {
        return new Promotion(null, List.copyOf(Objects.requireNonNull(objectIDs, "objectIDs")), position);
    }
}
