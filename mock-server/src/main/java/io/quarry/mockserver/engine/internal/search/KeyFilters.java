package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.SearchContext;
import io.quarry.mockserver.engine.internal.filter.FilterCompiler;
import io.quarry.mockserver.engine.internal.index.RecordStore;
import java.util.Set;
import tools.jackson.databind.node.ObjectNode;

/**
 * The filters a caller's key forces on its searches (filter parameters of its queryParameters or embedded in a
 * secured key, a secured key's filters, and the area of its forced geo parameters), applied to one record read by
 * its objectID: a record no search of the key can find is not read that way either.
 */
public final class KeyFilters {

    private static final Set<String> PARAMETERS = Set.of("filters", "facetFilters", "numericFilters", "tagFilters");
    private static final Set<String> GEO_PARAMETERS =
            Set.of("aroundLatLng", "aroundRadius", "insideBoundingBox", "insidePolygon", "minimumAroundRadius");

    private KeyFilters() {}

    /**
     * {@return whether the key's filters keep the record}
     *
     * @param record the record
     * @param settings its index's settings (which attributes are facets)
     * @param context who reads
     * @throws io.quarry.mockserver.engine.EngineException 400 for a key whose filters the service rejects
     */
    public static boolean keep(ObjectNode record, ObjectNode settings, SearchContext context) {
        SearchOptions options =
                new SearchOptions(RequestParams.parse(null, context.forcedParams(), PARAMETERS, false), settings);
        var clauses = FilterCompiler.clauses(options, context.extraFilters());
        GeoQuery area = GeoQuery.of(RequestParams.parse(null, context.forcedParams(), GEO_PARAMETERS, false));
        if (clauses.isEmpty() && !area.active()) {
            return true;
        }
        // the record in a store of its own: filters read facet and numeric values through one
        RecordStore alone = new RecordStore();
        alone.put(record.deepCopy());
        var indexed = alone.get(record.get("objectID").asString());
        return (!area.active() || area.accepts(indexed))
                && FilterCompiler.toFilter(clauses, Faceting.of(options.setting("attributesForFaceting")), alone)
                        .test(indexed);
    }
}
