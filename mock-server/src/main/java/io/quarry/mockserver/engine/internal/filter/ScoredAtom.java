package io.quarry.mockserver.engine.internal.filter;

/**
 * One member of an optional filter: a facet or tag filter and the score a record matching it earns.
 *
 * @param atom the filter
 * @param score the score (1 unless the filter ends with {@code <score=N>})
 */
public record ScoredAtom(Atom atom, int score) {}
