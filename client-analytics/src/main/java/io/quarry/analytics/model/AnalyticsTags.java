package io.quarry.analytics.model;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An expression on the analytics tags searches were made with, combining tags with {@code AND} and {@code OR};
 * the client writes the parentheses and spacing, and the core URL-encodes it.
 *
 * <pre>{@code
 * AnalyticsTags mobileFrench = AnalyticsTags.tag("mobile").and(AnalyticsTags.tag("fr"));
 * AnalyticsTags either = mobileFrench.or(AnalyticsTags.tag("web"));   // "(mobile AND fr) OR web"
 * AnalyticsTags any = AnalyticsTags.anyOf("ios", "android");          // "ios OR android"
 * AnalyticsTags more = any.or(AnalyticsTags.tag("web"));               // "ios OR android OR web"
 * }</pre>
 * Parts joined by the same operator are written without parentheses, so an expression built one tag at a time
 * stays flat however many tags it holds; parts joined by the other operator are put in parentheses.
 * A tag may not contain white space, parentheses or quotes, nor be {@code AND} or {@code OR} (the service's
 * expression could not tell it from an operator). Immutable.
 */
public final class AnalyticsTags {

    private final String expression;
    /** The operator joining the top-level parts, or {@code null} for one tag. */
    private final String operator;

    private AnalyticsTags(String expression, String operator) {
        this.expression = expression;
        this.operator = operator;
    }

    /**
     * One tag.
     *
     * @param tag the tag, as given in a search's {@code analyticsTags}
     * @return the expression
     * @throws IllegalArgumentException if the tag is empty or holds white space, parentheses or quotes
     */
    public static AnalyticsTags tag(String tag) {
        Objects.requireNonNull(tag, "tag");
        if (tag.isEmpty()
                || tag.chars().anyMatch(c -> Character.isWhitespace(c) || c == '(' || c == ')' || c == '"')
                || tag.equalsIgnoreCase("AND")
                || tag.equalsIgnoreCase("OR")) {
            throw new IllegalArgumentException("not a tag an expression can name: '" + tag + "'");
        }
        return new AnalyticsTags(tag, null);
    }

    /**
     * Searches with at least one of the tags.
     *
     * @param tags the tags, at least one
     * @return the expression
     */
    public static AnalyticsTags anyOf(String... tags) {
        return join(
                Arrays.stream(Objects.requireNonNull(tags, "tags"))
                        .map(AnalyticsTags::tag)
                        .toList(),
                "OR");
    }

    /**
     * Searches with every one of the tags.
     *
     * @param tags the tags, at least one
     * @return the expression
     */
    public static AnalyticsTags allOf(String... tags) {
        return join(
                Arrays.stream(Objects.requireNonNull(tags, "tags"))
                        .map(AnalyticsTags::tag)
                        .toList(),
                "AND");
    }

    /**
     * This expression and another.
     *
     * @param other the other expression
     * @return {@code (this) AND (other)}, parentheses only around parts joined by {@code OR}
     */
    public AnalyticsTags and(AnalyticsTags other) {
        return join(List.of(this, Objects.requireNonNull(other, "other")), "AND");
    }

    /**
     * This expression or another.
     *
     * @param other the other expression
     * @return {@code (this) OR (other)}, parentheses only around parts joined by {@code AND}
     */
    public AnalyticsTags or(AnalyticsTags other) {
        return join(List.of(this, Objects.requireNonNull(other, "other")), "OR");
    }

    private static AnalyticsTags join(List<AnalyticsTags> parts, String operator) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("at least one tag is needed");
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        StringBuilder text = new StringBuilder();
        for (AnalyticsTags part : parts) {
            if (text.length() > 0) {
                text.append(' ').append(operator).append(' ');
            }
            // a part joined by the same operator needs no parentheses: chains stay flat however long
            boolean sameOperator = part.operator == null || part.operator.equals(operator);
            text.append(sameOperator ? part.expression : "(" + part.expression + ")");
        }
        return new AnalyticsTags(text.toString(), operator);
    }

    /** {@return the expression as the service reads it, such as {@code (mobile AND fr) OR web}} */
    @Override
    public String toString() {
        return expression;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AnalyticsTags tags && tags.expression.equals(expression);
    }

    @Override
    public int hashCode() {
        return expression.hashCode();
    }
}
