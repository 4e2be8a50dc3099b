package io.quarry.analytics.model;

import java.util.Objects;

/**
 * What top searches are sorted by. {@link #SEARCH_COUNT} is the default; the other three need click analytics
 * (the client refuses them on calls without it). Other names are sent as given ({@link #of(String)}).
 *
 * @param name the name sent to the service
 */
public record SearchOrderBy(String name) {

    /** By how often the search was made. */
    public static final SearchOrderBy SEARCH_COUNT = new SearchOrderBy("searchCount");
    /** By click-through rate. */
    public static final SearchOrderBy CLICK_THROUGH_RATE = new SearchOrderBy("clickThroughRate");
    /** By conversion rate. */
    public static final SearchOrderBy CONVERSION_RATE = new SearchOrderBy("conversionRate");
    /** By average click position. */
    public static final SearchOrderBy AVERAGE_CLICK_POSITION = new SearchOrderBy("averageClickPosition");

    /**
     * Validates the name.
     *
     * @param name see the record description
     */
    public SearchOrderBy {
        Objects.requireNonNull(name, "name");
    }

    /**
     * An order by name.
     *
     * @param name the name
     * @return the order
     */
    public static SearchOrderBy of(String name) {
        return new SearchOrderBy(name);
    }

    /** {@return whether the order needs click analytics} */
    public boolean needsClickAnalytics() {
        return !name.equals(SEARCH_COUNT.name);
    }

    /** {@return the name, as sent} */
    @Override
    public String toString() {
        return name;
    }
}
