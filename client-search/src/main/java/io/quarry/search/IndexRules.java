package io.quarry.search;

import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.Page;
import io.quarry.search.model.Rule;
import io.quarry.search.model.RuleQuery;
import io.quarry.search.model.SearchRulesResponse;

/**
 * The rules of one index: save, read, delete, clear, search, and lazy iteration over all of them (the calls of
 * {@link IndexConfigObjects}). Obtained from {@link SearchIndex#rules()}; cheap, immutable and thread-safe.
 */
public final class IndexRules extends IndexConfigObjects<Rule, RuleQuery, SearchRulesResponse, IndexRules> {

    private static final Kind<Rule, RuleQuery, SearchRulesResponse> RULES = new Kind<>(
            Endpoints.SAVE_RULE,
            Endpoints.SAVE_RULES,
            Endpoints.GET_RULE,
            Endpoints.DELETE_RULE,
            Endpoints.CLEAR_RULES,
            Endpoints.SEARCH_RULES,
            "clearExistingRules",
            Rule.class,
            Rule::objectID,
            SearchRulesResponse.class,
            page -> RuleQuery.of("").page(page).hitsPerPage(PAGE_SIZE),
            IndexRules::page);

    IndexRules(CallScope scope, boolean forwardToReplicas) {
        super(scope, RULES, forwardToReplicas);
    }

    @Override
    IndexRules with(CallScope scope, boolean forwardToReplicas) {
        return new IndexRules(scope, forwardToReplicas);
    }

    // Rule search answers its page count; the next page follows the one asked, not the one the answer echoes, so an
    // answer without its page (read as 0) cannot send the browse back to page 1 again and again.
    private static Page<Rule, Integer> page(int asked, SearchRulesResponse response) {
        return new Page<>(
                response.hits(), Page.nextPageNumber(asked, response.hits().size(), response.nbPages(), PAGE_SIZE));
    }
}
