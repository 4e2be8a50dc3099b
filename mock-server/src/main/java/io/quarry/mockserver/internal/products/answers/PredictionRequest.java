package io.quarry.mockserver.internal.products.answers;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.LanguageCodes;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A validated prediction request.
 *
 * @param query the question
 * @param queryLanguages two-letter language codes
 * @param attributesForPrediction the attributes searched for an answer; {@code *} for every attribute
 * @param searchParameters the search parameters used to fetch hits
 * @param nbHits the most hits returned, 0 to {@value #MAX_HITS}
 * @param threshold only answers scoring above it are returned
 * @param returnExtractAttribute whether each answer names the attribute it comes from
 */
record PredictionRequest(
        String query,
        List<String> queryLanguages,
        List<String> attributesForPrediction,
        ObjectNode searchParameters,
        int nbHits,
        double threshold,
        boolean returnExtractAttribute) {

    /** The most hits one prediction returns. */
    static final int MAX_HITS = 1000;

    private static final int DEFAULT_HITS = 10;
    private static final int MAX_LIST = 100;

    /**
     * {@return the request}
     *
     * @param body the request body
     * @throws InvalidPrediction for the first invalid field
     */
    static PredictionRequest parse(ObjectNode body) {
        JsonNode query = body.get("query");
        if (query == null || query.isNull()) {
            throw new InvalidPrediction("field required", null, "query");
        }
        if (!query.isString()) {
            throw new InvalidPrediction("str type expected", null, "query");
        }
        List<String> languages = languages(body.get("queryLanguages"));
        List<String> attributes = strings(body.get("attributesForPrediction"), "attributesForPrediction");
        JsonNode parameters = body.get("searchParameters");
        if (parameters != null && !parameters.isNull() && !parameters.isObject()) {
            throw new InvalidPrediction("value is not a valid dict", null, "searchParameters");
        }
        int nbHits = DEFAULT_HITS;
        JsonNode hits = body.get("nbHits");
        if (hits != null && !hits.isNull()) {
            if (!hits.isIntegralNumber() || !hits.canConvertToInt()) {
                throw new InvalidPrediction("value is not a valid integer", null, "nbHits");
            }
            nbHits = hits.asInt();
            if (nbHits < 0 || nbHits > MAX_HITS) {
                ObjectNode ctx = Json.object();
                ctx.put("limit_value", nbHits < 0 ? 0 : MAX_HITS);
                throw new InvalidPrediction(
                        nbHits < 0
                                ? "ensure this value is greater than or equal to 0"
                                : "ensure this value is less than or equal to " + MAX_HITS,
                        ctx,
                        "nbHits");
            }
        }
        double threshold = 0;
        JsonNode thresholdNode = body.get("threshold");
        if (thresholdNode != null && !thresholdNode.isNull()) {
            if (!thresholdNode.isNumber()) {
                throw new InvalidPrediction("value is not a valid float", null, "threshold");
            }
            threshold = thresholdNode.asDouble();
        }
        boolean extractAttribute = true;
        JsonNode extract = body.get("returnExtractAttribute");
        if (extract != null && !extract.isNull()) {
            if (!extract.isBoolean()) {
                throw new InvalidPrediction("value could not be parsed to a boolean", null, "returnExtractAttribute");
            }
            extractAttribute = extract.asBoolean();
        }
        return new PredictionRequest(
                query.asString(),
                languages,
                attributes == null ? List.of("*") : attributes,
                parameters == null || parameters.isNull() ? Json.object() : (ObjectNode) parameters.deepCopy(),
                nbHits,
                threshold,
                extractAttribute);
    }

    private static List<String> languages(JsonNode node) {
        if (node == null || node.isNull()) {
            throw new InvalidPrediction("field required", null, "queryLanguages");
        }
        List<String> languages = strings(node, "queryLanguages");
        if (languages.isEmpty()) {
            throw new InvalidPrediction("ensure this value has at least 1 items", null, "queryLanguages");
        }
        for (int i = 0; i < languages.size(); i++) {
            String code = languages.get(i);
            if (!LanguageCodes.isKnown(code)) {
                ObjectNode ctx = Json.object();
                ctx.put("given", code);
                throw new InvalidPrediction(
                        "unknown language code \"" + code + "\" (expected a two-letter ISO 639-1 code, such as en)",
                        ctx,
                        "queryLanguages",
                        i);
            }
        }
        return languages;
    }

    /** A list of strings, or {@code null} when absent. */
    private static List<String> strings(JsonNode node, String field) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isArray()) {
            throw new InvalidPrediction("value is not a valid list", null, field);
        }
        if (node.size() > MAX_LIST) {
            ObjectNode ctx = Json.object();
            ctx.put("limit_value", MAX_LIST);
            throw new InvalidPrediction("ensure this value has at most " + MAX_LIST + " items", ctx, field);
        }
        List<String> values = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            if (!node.get(i).isString()) {
                throw new InvalidPrediction("str type expected", null, field, i);
            }
            values.add(node.get(i).asString());
        }
        return values;
    }
}
