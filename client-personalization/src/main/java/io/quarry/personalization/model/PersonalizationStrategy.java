package io.quarry.personalization.model;

import io.quarry.core.InvalidRequestException;
import java.util.List;
import java.util.Objects;

/**
 * The application's personalization strategy: which events build profiles and how much each counts, which facets
 * profiles hold and how much each counts, and the impact of personalization on rankings.
 *
 * <p>Reading a strategy keeps whatever the service returns; {@link #validate()} checks the rules the service
 * enforces when a strategy is set, and the client calls it before sending one.
 *
 * @param eventsScoring         the scored events
 * @param facetsScoring         the scored facets
 * @param personalizationImpact 0 (personalization disabled) to 100 (fully applied)
 */
public record PersonalizationStrategy(
        List<EventScoring> eventsScoring, List<FacetScoring> facetsScoring, int personalizationImpact) {

    /** The highest impact; event and facet scores may be any integer. */
    public static final int MAX_SCORE = 100;

    /**
     * Copies the lists; absent lists read as empty.
     *
     * @param eventsScoring see the record description
     * @param facetsScoring see the record description
     * @param personalizationImpact see the record description
     * @throws NullPointerException naming the first {@code null} item of a list
     */
    public PersonalizationStrategy {
        eventsScoring = copy(eventsScoring, "eventsScoring");
        facetsScoring = copy(facetsScoring, "facetsScoring");
    }

    private static <T> List<T> copy(List<T> items, String name) {
        if (items == null) {
            return List.of();
        }
        int i = 0;
        for (T item : items) {
            if (item == null) {
                throw new NullPointerException(name + "[" + i + "] is null");
            }
            i++;
        }
        return List.copyOf(items);
    }

    /**
     * A strategy, checked.
     *
     * @param eventsScoring         the scored events
     * @param facetsScoring         the scored facets
     * @param personalizationImpact 0 to 100
     * @return the strategy
     * @throws InvalidRequestException if a member breaks a rule of {@link #validate()}
     */
    public static PersonalizationStrategy of(
            List<EventScoring> eventsScoring, List<FacetScoring> facetsScoring, int personalizationImpact) {
        Objects.requireNonNull(eventsScoring, "eventsScoring");
        Objects.requireNonNull(facetsScoring, "facetsScoring");
        return new PersonalizationStrategy(eventsScoring, facetsScoring, personalizationImpact).validate();
    }

    /**
     * The same strategy with another impact.
     *
     * @param impact 0 to 100
     * @return a new strategy
     */
    public PersonalizationStrategy withPersonalizationImpact(int impact) {
        return new PersonalizationStrategy(eventsScoring, facetsScoring, impact);
    }

    /**
     * The score of a facet.
     *
     * @param facetName a facet attribute
     * @return its score (the first entry naming the facet, when several do), 0 when the strategy does not score it
     */
    public int facetScore(String facetName) {
        Objects.requireNonNull(facetName, "facetName");
        for (FacetScoring facet : facetsScoring) {
            if (facet.facetName().equals(facetName)) {
                return facet.score();
            }
        }
        return 0;
    }

    /**
     * Checks the rules the service enforces when a strategy is set: the impact from 0 to 100; each event with a
     * non-blank name and one of the known types (click, conversion, view); each facet with a non-blank name. Scores
     * may be any integer, as the service takes them: a strategy read from the service can always be set again.
     *
     * @return this strategy
     * @throws InvalidRequestException naming the first member that breaks a rule
     */
    public PersonalizationStrategy validate() {
        if (personalizationImpact < 0 || personalizationImpact > MAX_SCORE) {
            throw new InvalidRequestException(
                    "personalizationImpact must be from 0 to 100, got " + personalizationImpact);
        }
        for (int i = 0; i < eventsScoring.size(); i++) {
            EventScoring event = eventsScoring.get(i);
            String where = "eventsScoring[" + i + "]";
            requireName(event.eventName(), where + ".eventName");
            if (event.eventType() == null || !event.eventType().isKnown()) {
                throw new InvalidRequestException(
                        where + ".eventType must be click, conversion or view, got " + event.eventType());
            }
        }
        for (int i = 0; i < facetsScoring.size(); i++) {
            FacetScoring facet = facetsScoring.get(i);
            String where = "facetsScoring[" + i + "]";
            requireName(facet.facetName(), where + ".facetName");
        }
        return this;
    }

    private static void requireName(String name, String where) {
        if (name == null || name.isBlank()) {
            throw new InvalidRequestException(where + " must be a non-blank name");
        }
    }
}
