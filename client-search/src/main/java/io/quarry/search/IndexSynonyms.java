package io.quarry.search;

import io.quarry.core.spi.CallScope;
import io.quarry.core.spi.Page;
import io.quarry.search.model.SearchSynonymsResponse;
import io.quarry.search.model.Synonym;
import io.quarry.search.model.SynonymQuery;

/**
 * The synonyms of one index: save, read, delete, clear, search, and lazy iteration over all of them (the calls of
 * {@link IndexConfigObjects}). Obtained from {@link SearchIndex#synonyms()}; cheap, immutable and thread-safe.
 */
public final class IndexSynonyms
        extends IndexConfigObjects<Synonym, SynonymQuery, SearchSynonymsResponse, IndexSynonyms> {

    private static final Kind<Synonym, SynonymQuery, SearchSynonymsResponse> SYNONYMS = new Kind<>(
            Endpoints.SAVE_SYNONYM,
            Endpoints.SAVE_SYNONYMS,
            Endpoints.GET_SYNONYM,
            Endpoints.DELETE_SYNONYM,
            Endpoints.CLEAR_SYNONYMS,
            Endpoints.SEARCH_SYNONYMS,
            "replaceExistingSynonyms",
            Synonym.class,
            Synonym::objectID,
            SearchSynonymsResponse.class,
            page -> SynonymQuery.of("").page(page).hitsPerPage(PAGE_SIZE),
            IndexSynonyms::page);

    IndexSynonyms(CallScope scope, boolean forwardToReplicas) {
        super(scope, SYNONYMS, forwardToReplicas);
    }

    @Override
    IndexSynonyms with(CallScope scope, boolean forwardToReplicas) {
        return new IndexSynonyms(scope, forwardToReplicas);
    }

    // Synonym search answers only nbHits: the page count follows from it and the page asked.
    private static Page<Synonym, Integer> page(int asked, SearchSynonymsResponse response) {
        int nbPages = (int) ((response.nbHits() + PAGE_SIZE - 1) / PAGE_SIZE);
        return new Page<>(
                response.hits(), Page.nextPageNumber(asked, response.hits().size(), nbPages, PAGE_SIZE));
    }
}
