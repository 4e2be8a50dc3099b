package io.quarry.personalization.model;

import java.util.Objects;

/**
 * How much one kind of event counts in profiles: each event with this name and type adds {@code score} to the
 * facet values of what it names.
 *
 * @param eventName the event's name, as the events sent carry it
 * @param eventType the event's type
 * @param score     the weight, any integer
 */
public record EventScoring(String eventName, EventType eventType, int score) {

    /**
     * An event scoring.
     *
     * @param eventName the event's name
     * @param eventType the event's type
     * @param score     the weight, any integer
     * @return the scoring
     */
    public static EventScoring of(String eventName, EventType eventType, int score) {
        return new EventScoring(
                Objects.requireNonNull(eventName, "eventName"), Objects.requireNonNull(eventType, "eventType"), score);
    }
}
