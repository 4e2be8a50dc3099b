package io.quarry.mockserver.engine.internal.filter;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.index.FacetColumn;
import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import io.quarry.mockserver.engine.internal.search.Faceting;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The optional filters of a search, which rank records without excluding any, as the service does.
 * {@code optionalFilters} uses the facetFilters syntax (a string, or an array whose nested arrays are OR groups);
 * each top-level element is one optional filter; a filter may end with {@code <score=N>} (a non-negative integer,
 * 1 by default); {@code attr:-value} matches the records without the value. A record's filters score is the sum,
 * over the optional filters, of the score of the one it matches: for an OR group, the highest score among its
 * matching members, or their sum when {@code sumOrFiltersScores} is true. Numeric filters ({@code price<10},
 * {@code price:10 TO 20}) are refused with a 400: the service does not support them as optional filters.
 */
public final class OptionalFilters {

    private static final String NAME = "optionalFilters";
    private static final String SCORE_OPENING = "<score=";

    /** The optional filters of a search without any. */
    public static final OptionalFilters NONE = new OptionalFilters(List.of(), List.of(), false);

    private final List<List<Member>> groups;
    /** The filters of one facet value each, by attribute: scored from a record's values, not tested one by one. */
    private final Collection<ValueScores> byValue;

    private final boolean sumOrScores;

    private record Member(RecordFilter filter, int score) {}

    private OptionalFilters(List<List<Member>> groups, Collection<ValueScores> byValue, boolean sumOrScores) {
        this.groups = groups;
        this.byValue = byValue;
        this.sumOrScores = sumOrScores;
    }

    /**
     * {@return its optional filters, each an OR group of scored filters}
     *
     * @param raw the {@code optionalFilters} parameter, or {@code null}
     * @throws EngineException 400 for a malformed or numeric optional filter
     */
    public static List<List<ScoredAtom>> parse(JsonNode raw) {
        if (raw == null || raw.isNull()) {
            return List.of();
        }
        List<List<ScoredAtom>> parsed = new ArrayList<>();
        for (List<String> group : FilterCompiler.groups(NAME, raw)) {
            parsed.add(group.stream().map(OptionalFilters::scored).toList());
        }
        return parsed;
    }

    /**
     * {@return the compiled optional filters}
     *
     * @param groups the optional filters, each an OR group
     * @param sumOrScores whether an OR group scores the sum of its matching members instead of the highest
     * @param faceting the faceting declarations
     * @param store the records that will be scored, read-locked
     */
    public static OptionalFilters compile(
            List<List<ScoredAtom>> groups, boolean sumOrScores, Faceting faceting, RecordStore store) {
        return compile(groups, sumOrScores, faceting, store, null);
    }

    /**
     * {@return the compiled optional filters} Package-private so that a test can count the work.
     *
     * @param groups the optional filters, each an OR group
     * @param sumOrScores whether an OR group scores the sum of its matching members instead of the highest
     * @param faceting the faceting declarations
     * @param store the records that will be scored, read-locked
     * @param valuesRead {@code null}, or a counter to which each facet value id a filter reads adds one
     */
    static OptionalFilters compile(
            List<List<ScoredAtom>> groups,
            boolean sumOrScores,
            Faceting faceting,
            RecordStore store,
            long[] valuesRead) {
        if (groups.isEmpty()) {
            return NONE;
        }
        List<List<Member>> compiled = new ArrayList<>();
        Map<String, ValueScores> byValue = new HashMap<>();
        for (List<ScoredAtom> group : groups) {
            if (store != null
                    && group.size() == 1
                    && group.get(0).atom() instanceof Atom.Facet facet
                    && !facet.negated()) {
                FacetColumn column = store.facetColumn(facet.attribute());
                byValue.computeIfAbsent(facet.attribute(), attribute -> new ValueScores(column))
                        .add(
                                AtomEvaluator.matchingIds(facet, faceting, column, valuesRead),
                                group.get(0).score());
                continue;
            }
            compiled.add(group.stream()
                    .map(scored -> new Member(AtomEvaluator.compile(scored.atom(), faceting, store), scored.score()))
                    .toList());
        }
        return new OptionalFilters(compiled, List.copyOf(byValue.values()), sumOrScores);
    }

    /** {@return whether there is no optional filter (every record scores 0)} */
    public boolean isEmpty() {
        return groups.isEmpty() && byValue.isEmpty();
    }

    /**
     * {@return its filters score, at most the largest {@code int}}
     *
     * @param record a record
     */
    public int score(IndexedRecord record) {
        return score(record, null);
    }

    /**
     * {@return its filters score, at most the largest {@code int}} Package-private so that a test can count the work.
     *
     * @param record a record
     * @param read {@code null}, or a counter to which each filter tested, each of the record's values read and each
     *     filter a value leads to add one
     */
    int score(IndexedRecord record, long[] read) {
        // in long, capped: 1000 filters of up to nine digits each would pass the largest int and wrap negative
        long total = 0;
        for (ValueScores scores : byValue) {
            total += scores.score(record, read);
        }
        for (List<Member> group : groups) {
            long groupScore = 0;
            for (Member member : group) {
                Work.add(read, 1);
                if (member.filter().test(record)) {
                    groupScore = sumOrScores ? groupScore + member.score() : Math.max(groupScore, member.score());
                }
            }
            total += groupScore;
        }
        return (int) Math.min(Integer.MAX_VALUE, total);
    }

    private static ScoredAtom scored(String text) {
        String filter = text;
        int score = 1;
        int suffix = scoreSuffix(text);
        if (suffix >= 0) {
            String number = text.substring(suffix + SCORE_OPENING.length(), text.length() - 1)
                    .trim();
            if (!number.matches("\\d{1,9}")) {
                throw new EngineException(
                        400,
                        NAME + ": invalid score in \"" + text
                                + "\" (expected <score=N> with N a non-negative integer)");
            }
            score = Integer.parseInt(number);
            filter = text.substring(0, suffix);
        }
        if (isNumeric(filter)) {
            throw new EngineException(
                    400,
                    NAME + ": numeric filters are not supported as optional filters (\"" + text
                            + "\"); use facet filters (attribute:value)");
        }
        return new ScoredAtom(FilterCompiler.facetFilter(NAME, filter), score);
    }

    /**
     * {@return where the filter's {@code <score=...>} suffix starts, or -1} The first {@code <score=} after the last
     * {@code >} but the closing one: what {@code <score=([^>]*)>$} finds, without trying every {@code <score=} of
     * the text (which took the square of its length: 30,000 of them, 25 s).
     */
    private static int scoreSuffix(String text) {
        int closing = text.length() - 1;
        if (closing < 0 || text.charAt(closing) != '>') {
            return -1;
        }
        int start = text.indexOf(SCORE_OPENING, text.lastIndexOf('>', closing - 1) + 1);
        return start >= 0 && start + SCORE_OPENING.length() <= closing ? start : -1;
    }

    private static boolean isNumeric(String filter) {
        try {
            FilterParser.parseNumeric(filter);
            return true;
        } catch (EngineException notNumeric) {
            return false;
        }
    }
}
