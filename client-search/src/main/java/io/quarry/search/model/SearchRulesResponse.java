package io.quarry.search.model;

import java.util.List;

/**
 * A page of rules.
 *
 * @param hits    the rules
 * @param nbHits  how many match
 * @param page    zero-based page
 * @param nbPages number of pages
 */
public record SearchRulesResponse(List<Rule> hits, long nbHits, int page, int nbPages) {}
