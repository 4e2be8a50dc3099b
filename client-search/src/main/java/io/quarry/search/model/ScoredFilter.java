package io.quarry.search.model;

import io.quarry.core.InvalidRequestException;
import java.util.Objects;
import java.util.StringJoiner;

/**
 * A facet or tag filter with a score, written {@code company:Google<score=3>} in {@code filters} and
 * {@code optionalFilters}. In {@code filters} the filter still excludes the records it does not match; its score
 * ranks the others by the {@code filters} ranking criterion: an OR group counts its best matching member, or the
 * sum of its matching members with {@link SearchQuery#sumOrFiltersScores(boolean)}.
 *
 * <pre>{@code
 * String filters = ScoredFilter.anyOf(ScoredFilter.of("company:Google", 3), ScoredFilter.of("company:Amazon", 2));
 * // (company:Google<score=3> OR company:Amazon<score=2>)
 * }</pre>
 *
 * @param filter a facet or tag filter, such as {@code company:Google}
 * @param score  its score, zero or more
 */
public record ScoredFilter(String filter, int score) {

    /**
     * Validates the parts.
     *
     * @param filter a facet or tag filter, such as {@code company:Google}
     * @param score  its score, zero or more
     * @throws InvalidRequestException for a blank filter or a negative score
     */
    public ScoredFilter {
        Objects.requireNonNull(filter, "filter");
        if (filter.isBlank()) {
            throw new InvalidRequestException("A scored filter needs a filter, such as company:Google");
        }
        if (score < 0) {
            throw new InvalidRequestException("A filter score must be zero or more, got " + score);
        }
    }

    /**
     * A scored filter.
     *
     * @param filter a facet or tag filter, such as {@code company:Google}
     * @param score  its score, zero or more
     * @return the scored filter
     */
    public static ScoredFilter of(String filter, int score) {
        return new ScoredFilter(filter, score);
    }

    /**
     * An OR group of scored filters, parenthesised, for {@code filters}.
     *
     * @param filters the members
     * @return {@code (a<score=N> OR b<score=M> ...)}
     * @throws InvalidRequestException when no filter is given
     */
    public static String anyOf(ScoredFilter... filters) {
        if (Objects.requireNonNull(filters, "filters").length == 0) {
            throw new InvalidRequestException("An OR group needs at least one filter");
        }
        StringJoiner group = new StringJoiner(" OR ", "(", ")");
        for (ScoredFilter filter : filters) {
            group.add(filter.expression());
        }
        return group.toString();
    }

    /** {@return the filter as written in {@code filters} or {@code optionalFilters}: {@code filter<score=N>}} */
    public String expression() {
        return filter + "<score=" + score + ">";
    }

    /** {@return {@link #expression()}} */
    @Override
    public String toString() {
        return expression();
    }
}
