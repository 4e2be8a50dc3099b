package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a multi-index search runs its queries. */
public enum MultiSearchStrategy {
    /** Run every query. */
    NONE("none"),
    /** Run queries one by one; stop once one has at least its {@code hitsPerPage} hits. */
    STOP_IF_ENOUGH_MATCHES("stopIfEnoughMatches");

    private final String wireName;

    MultiSearchStrategy(String wireName) {
        this.wireName = wireName;
    }

    /** {@return the name the service uses} */
    @JsonValue
    public String wireName() {
        return wireName;
    }
}
