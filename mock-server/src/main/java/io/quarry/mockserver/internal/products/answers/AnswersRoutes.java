package io.quarry.mockserver.internal.products.answers;

import io.quarry.mockserver.engine.SearchContext;
import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.auth.EchoMask;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code POST /1/answers/{indexName}/prediction}: searches the index with the question and the search parameters
 * (words made optional when all of them match nothing, function words removed, at most
 * {@value PredictionRequest#MAX_HITS} candidates), finds each hit's best sentence, drops the hits whose answer
 * scores at or below the threshold, and returns the best {@code nbHits}, best answer first.
 */
final class AnswersRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int PREDICTION = 0;

    /** Parameters the prediction sets itself, whatever the search parameters say. */
    private static final List<String> REPLACED = List.of("query", "page", "hitsPerPage", "offset", "length", "cursor");

    private final Application app;
    private final SearchEngine engine;

    AnswersRoutes(Application app, SearchEngine engine) {
        this.app = app;
        this.engine = engine;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case PREDICTION -> prediction(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    Response prediction(Request request) {
        long start = System.nanoTime();
        String indexName = request.path("indexName");
        JsonNode received;
        try {
            received = request.jsonOrNull();
        } catch (ApiException notJson) {
            return InvalidPrediction.notJson().response(EchoMask.maskedEcho(request, InvalidPrediction.text(request)));
        }
        if (received != null && !received.isObject()) {
            return new InvalidPrediction("value is not a valid dict", null)
                    .response(EchoMask.maskedEcho(request, received));
        }
        ObjectNode body = received == null ? Json.object() : (ObjectNode) received;
        PredictionRequest prediction;
        try {
            prediction = PredictionRequest.parse(body);
        } catch (InvalidPrediction invalid) {
            return invalid.response(EchoMask.maskedEcho(request, body));
        }
        IndexState index = app.require(indexName);
        SearchContext context = request.get(Caller.class).searchContext(indexName);
        ObjectNode search = searchRequest(prediction);
        ObjectNode result = index.read((data, config) -> engine.search(data, config, search, context));
        AnswerExtractor extractor = new AnswerExtractor(
                new QuestionWords(prediction.query()),
                prediction.attributesForPrediction(),
                tag(prediction, index, "highlightPreTag", "<em>"),
                tag(prediction, index, "highlightPostTag", "</em>"));
        List<ObjectNode> answered = new ArrayList<>();
        for (JsonNode hit : result.path("hits")) {
            AnswerExtractor.Answer answer = extractor.answer((ObjectNode) hit);
            if (answer != null && answer.score() > prediction.threshold()) {
                ObjectNode copy = ((ObjectNode) hit).deepCopy();
                ObjectNode answerJson = copy.putObject("_answer");
                answerJson.put("extract", answer.extract());
                if (prediction.returnExtractAttribute()) {
                    answerJson.put("extractAttribute", answer.attribute());
                }
                answerJson.put("score", answer.score());
                answered.add(copy);
            }
        }
        // stable: on equal scores the search's order stays
        answered.sort(Comparator.comparingDouble(
                        (ObjectNode hit) -> hit.get("_answer").get("score").asDouble())
                .reversed());
        ArrayNode hits = Json.array();
        answered.stream().limit(prediction.nbHits()).forEach(hits::add);
        ObjectNode response = Json.object();
        response.set("hits", hits);
        response.put("nbHits", hits.size());
        response.put("query", prediction.query());
        response.put("processingTimeMS", (System.nanoTime() - start) / 1_000_000);
        return Response.ok(EchoMask.masked(request, response));
    }

    private static ObjectNode searchRequest(PredictionRequest prediction) {
        ObjectNode search = prediction.searchParameters().deepCopy();
        REPLACED.forEach(search::remove);
        search.put("query", prediction.query());
        search.put("hitsPerPage", PredictionRequest.MAX_HITS);
        search.put("page", 0);
        if (!search.has("queryLanguages")) {
            ArrayNode languages = search.putArray("queryLanguages");
            prediction.queryLanguages().forEach(languages::add);
        }
        if (!search.has("removeWordsIfNoResults")) {
            search.put("removeWordsIfNoResults", "allOptional");
        }
        if (!search.has("removeStopWords")) {
            search.put("removeStopWords", true);
        }
        return search;
    }

    private static String tag(PredictionRequest prediction, IndexState index, String name, String fallback) {
        JsonNode value = prediction.searchParameters().get(name);
        if (value == null || !value.isString()) {
            value = index.config().settings().get(name);
        }
        return value != null && value.isString() ? value.asString() : fallback;
    }
}
