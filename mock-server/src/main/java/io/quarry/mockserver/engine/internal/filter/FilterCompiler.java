package io.quarry.mockserver.engine.internal.filter;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.search.Faceting;
import io.quarry.mockserver.engine.internal.search.SearchOptions;
import java.util.List;

/** Compiles every filter parameter of a request, ANDed together. */
public final class FilterCompiler {

    private FilterCompiler() {
    }

    /**
     * @param options the effective options
     * @param extraFilters filter expressions imposed by the caller's key
     * @param faceting the faceting declarations
     * @return the compiled filter
     */
    public static RecordFilter compile(SearchOptions options, List<String> extraFilters, Faceting faceting) {
        for (String name : List.of("filters", "facetFilters", "numericFilters", "tagFilters")) {
            if (options.params().has(name)) {
                throw new EngineException(400, name + " are not supported yet");
            }
        }
        if (!extraFilters.isEmpty()) {
            throw new EngineException(400, "filters are not supported yet");
        }
        return RecordFilter.ALL;
    }
}
