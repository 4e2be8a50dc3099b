package io.quarry.analytics.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.NamedValue;
import io.quarry.core.spi.KnownNames;

/**
 * What top searches are sorted by. {@link #SEARCH_COUNT} is the default; the other three need click analytics
 * (the client refuses them on calls without it). Other names are sent as given ({@link #of(String)}).
 */
public final class SearchOrderBy extends NamedValue {

    private static final KnownNames<SearchOrderBy> KNOWN = new KnownNames<>(SearchOrderBy::new);

    /** By how often the search was made. */
    public static final SearchOrderBy SEARCH_COUNT = KNOWN.add("searchCount");
    /** By click-through rate. */
    public static final SearchOrderBy CLICK_THROUGH_RATE = KNOWN.add("clickThroughRate");
    /** By conversion rate. */
    public static final SearchOrderBy CONVERSION_RATE = KNOWN.add("conversionRate");
    /** By average click position. */
    public static final SearchOrderBy AVERAGE_CLICK_POSITION = KNOWN.add("averageClickPosition");

    private SearchOrderBy(String name) {
        super(name);
    }

    /**
     * An order by name, known or not.
     *
     * @param name the name, such as {@code searchCount}
     * @return the order
     */
    @JsonCreator
    public static SearchOrderBy of(String name) {
        return KNOWN.of(name);
    }

    /** {@return whether the order needs click analytics} */
    public boolean needsClickAnalytics() {
        return !equals(SEARCH_COUNT);
    }
}
