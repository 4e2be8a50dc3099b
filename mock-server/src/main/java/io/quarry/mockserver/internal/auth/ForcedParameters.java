package io.quarry.mockserver.internal.auth;

import io.quarry.mockserver.engine.internal.filter.FilterLists;
import io.quarry.mockserver.internal.json.Json;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * The search parameters a key forces: its {@code queryParameters}, then a secured key's embedded parameters over
 * them, so that neither the secured key nor the request lifts what the parent forces, and the request does not lift
 * what the secured key forces.
 *
 * <ul>
 *   <li>Filter lists both set apply together.
 *   <li>The parent's {@code attributesToRetrieve}, {@code restrictSearchableAttributes} and {@code page} stay; so
 *       do its geo parameters when it forces an area, the secured key's geo parameters then being left out whole.
 *   <li>Page sizes ({@code hitsPerPage}, {@code length}), {@code paginationLimitedTo} and {@code aroundRadius} both
 *       set: the smaller (the parent's when either is no number).
 *   <li>A forced {@code hitsPerPage} also sets {@code length}, which would otherwise size an {@code offset} search,
 *       and a forced {@code page} leaves out the request's {@code offset}, which would otherwise place it.
 *   <li>A forced area (a centre, boxes or polygons) replaces the request's geo search whole: the request's boxes or
 *       polygons would otherwise win over the key's centre, as they do over a request's own.
 * </ul>
 */
final class ForcedParameters {

    /** Kept as the parent forces them: a secured key's value would replace, and so could widen, the parent's. */
    private static final Set<String> PARENT_KEEPS =
            Set.of("attributesToRetrieve", "restrictSearchableAttributes", "page");

    /** Limits where the smaller of the parent's and the secured key's applies. */
    private static final Set<String> SMALLER_WINS =
            Set.of("hitsPerPage", "length", "paginationLimitedTo", "aroundRadius");

    /** The parameters of a geo search, which apply as one. */
    private static final List<String> GEO = List.of(
            "aroundLatLng",
            "aroundLatLngViaIP",
            "aroundRadius",
            "aroundPrecision",
            "minimumAroundRadius",
            "insideBoundingBox",
            "insidePolygon");

    /** The geo parameters that say where: a key forcing any of them confines its searches to its own area. */
    private static final Set<String> AREA =
            Set.of("aroundLatLng", "aroundLatLngViaIP", "insideBoundingBox", "insidePolygon");

    private ForcedParameters() {}

    /**
     * {@return the parameters forced over the request's}
     *
     * @param parent the parent key's queryParameters, by name
     * @param secured a secured key's embedded parameters (its filters aside), empty for none
     */
    static ObjectNode of(Map<String, String> parent, Map<String, String> secured) {
        ObjectNode forced = Json.object();
        parent.forEach(forced::put);
        boolean parentArea = forcesArea(forced);
        for (Map.Entry<String, String> param : secured.entrySet()) {
            String name = param.getKey();
            JsonNode parents = forced.get(name);
            if (parentArea && GEO.contains(name)) {
                continue;
            }
            if (parents == null) {
                forced.put(name, param.getValue());
            } else if (FilterLists.NAMES.contains(name)) {
                // both apply: a secured key narrows what its parent's forced filters keep, never widens it
                forced.set(name, FilterLists.both(name, parents, StringNode.valueOf(param.getValue())));
            } else if (SMALLER_WINS.contains(name)) {
                forced.put(name, smaller(parents.asString(), param.getValue()));
            } else if (!PARENT_KEEPS.contains(name)) {
                forced.put(name, param.getValue());
            }
        }
        if (forced.has("hitsPerPage") && !forced.has("length")) {
            forced.set("length", forced.get("hitsPerPage"));
        }
        if (forced.has("page") && !forced.has("offset")) {
            forced.putNull("offset");
        }
        if (forcesArea(forced)) {
            for (String name : GEO) {
                if (!forced.has(name)) {
                    forced.putNull(name);
                }
            }
        }
        return forced;
    }

    private static boolean forcesArea(ObjectNode forced) {
        return AREA.stream().anyMatch(forced::has);
    }

    /** The smaller of two numbers; the parent's when either is no whole number ({@code all}, a typo). */
    private static String smaller(String parent, String secured) {
        try {
            return Long.parseLong(parent.trim()) <= Long.parseLong(secured.trim()) ? parent : secured;
        } catch (NumberFormatException e) {
            return parent;
        }
    }
}
