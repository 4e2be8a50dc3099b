package io.quarry.core.internal;

import io.quarry.core.ApiException;
import io.quarry.core.Endpoint;
import io.quarry.core.ErrorDetail;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Turns an error answer into the typed exception, with a readable message whatever the body: the service's
 * JSON {@code message} (or {@code reason}), an HTML page's title, or the start of a plain-text body.
 */
final class ErrorResponses {

    /** Longest body kept in an exception. */
    static final int MAX_BODY_CHARS = 16 * 1024;

    private static final int MAX_MESSAGE_CHARS = 300;
    private static final Pattern HTML_TITLE =
            Pattern.compile("<title[^>]*>(.*?)</title>", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern TAG = Pattern.compile("<[^>]*>");

    private ErrorResponses() {}

    static ApiException toException(
            Endpoint endpoint, int status, String contentType, String body, Map<String, List<String>> headers) {
        return toException(endpoint, endpoint.pathTemplate(), status, contentType, body, headers);
    }

    static ApiException toException(
            Endpoint endpoint,
            String path,
            int status,
            String contentType,
            String body,
            Map<String, List<String>> headers) {
        JsonNode tree = looksLikeJson(body) ? Json.treeOrNull(body) : null;
        String message = tree != null && tree.isObject() ? jsonMessage(tree) : null;
        if (message == null) {
            message = describeNonJson(status, contentType, body);
        }
        List<ErrorDetail> details = tree != null ? details(tree.get("detail")) : List.of();
        JsonNode received = tree != null && tree.isObject() ? tree.get("received") : null;
        return ApiException.of(
                endpoint,
                path,
                status,
                message,
                body,
                headers,
                details,
                received == null || received.isNull() ? null : Json.convert(received, Object.class));
    }

    /**
     * The error of an answer whose status arrived but whose body could not be read (cut, corrupt gzip, too slow).
     *
     * @param endpoint the endpoint called
     * @param path     the path called, keys masked
     * @param status   the answer's status
     * @param headers  the answer's headers
     * @param problem  why the body could not be read
     * @return the typed exception, its message saying the body was lost
     */
    static ApiException unreadable(
            Endpoint endpoint, String path, int status, Map<String, List<String>> headers, String problem) {
        return ApiException.of(
                endpoint,
                path,
                status,
                "the answer's body could not be read (" + problem + ")",
                "",
                headers,
                List.of(),
                null);
    }

    private static boolean looksLikeJson(String body) {
        String trimmed = body.stripLeading();
        return trimmed.startsWith("{") || trimmed.startsWith("[");
    }

    private static String jsonMessage(JsonNode tree) {
        for (String member : List.of("message", "reason", "error")) {
            JsonNode node = tree.get(member);
            if (node != null && node.isString() && !node.asString().isBlank()) {
                return shorten(node.asString());
            }
        }
        return null;
    }

    private static String describeNonJson(int status, String contentType, String body) {
        if (body.isBlank()) {
            return "HTTP " + status + " with an empty body";
        }
        String type = contentType == null ? "no content type" : contentType;
        boolean html = type.toLowerCase(Locale.ROOT).contains("html")
                || body.stripLeading().startsWith("<");
        if (html) {
            Matcher title = HTML_TITLE.matcher(body);
            String text = title.find() ? title.group(1) : TAG.matcher(body).replaceAll(" ");
            return "non-JSON answer (" + type + "): "
                    + shorten(text.replaceAll("\\s+", " ").trim());
        }
        return "non-JSON answer (" + type + "): "
                + shorten(body.replaceAll("\\s+", " ").trim());
    }

    private static List<ErrorDetail> details(JsonNode detail) {
        if (detail == null || !detail.isArray()) {
            return List.of();
        }
        List<ErrorDetail> result = new ArrayList<>();
        for (JsonNode entry : detail) {
            if (!entry.isObject()) {
                continue;
            }
            JsonNode msg = entry.get("msg");
            List<String> location = new ArrayList<>();
            JsonNode loc = entry.get("location");
            if (loc != null && loc.isArray()) {
                loc.forEach(part -> location.add(part.isString() ? part.asString() : part.toString()));
            }
            Map<String, Object> ctx = new LinkedHashMap<>();
            JsonNode ctxNode = entry.get("ctx");
            if (ctxNode != null && ctxNode.isObject()) {
                Map<?, ?> plain = Json.convert(ctxNode, Map.class);
                plain.forEach((k, v) -> ctx.put(String.valueOf(k), v));
            }
            result.add(new ErrorDetail(
                    msg == null ? "" : msg.isString() ? msg.asString() : msg.toString(), location, ctx));
        }
        return result;
    }

    private static String shorten(String text) {
        return text.length() <= MAX_MESSAGE_CHARS ? text : text.substring(0, MAX_MESSAGE_CHARS) + "...";
    }
}
