package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.auth.KeyLength;
import io.quarry.mockserver.internal.auth.KeyScrub;
import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.IndexNames;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.PathCodec;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.RequestListener;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Sanitize;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.RequestLog;
import io.quarry.mockserver.internal.state.Timestamps;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Writes every answered API request (not the control endpoints, nor the crawler's) to the {@link RequestLog}, with every key
 * redacted: the API key URL parameter and headers, a key in the path of the key endpoints, and the {@code key} /
 * {@code value} members of their answers; and, wherever the URL, a body or a header's value holds them (a key sent
 * under a mistyped parameter name, escaped or not, or in a body member that is no key's), the admin key, the key
 * the request was sent with and every key of the application, each replaced whole by {@value #REDACTED}. Bodies and
 * URLs are cut at {@value #MAX_TEXT} characters, header values at {@value #MAX_HEADER} (and never serialised or
 * decoded whole, so large answers cost little).
 */
public final class LogRecorder implements RequestListener {

    private static final int MAX_TEXT = 1000;
    private static final int MAX_HEADER = 200;
    private static final String REDACTED = "[redacted]";
    private static final List<String> LOGGED_HEADERS = List.of(
            "X-Service-Application-Id",
            "X-Service-API-Key",
            "X-Forwarded-For",
            "X-Forwarded-API-Key",
            "X-Service-User-ID",
            "Content-Type",
            "User-Agent",
            "Referer");
    private static final List<String> KEY_HEADERS = List.of("X-Service-API-Key", "X-Forwarded-API-Key");

    /**
     * How far past a cut a text is read: as far as the longest key a user may set takes with each of its ASCII
     * characters percent-encoded, so that such a key the cut falls in is seen whole and masked where it stands. A key
     * written longer (JSON escapes, escapes of escapes) may end past the read: the word the read ends in then goes
     * from its start, when it reads no longer than such a key ({@link KeyLength#MAX_CHARS}).
     */
    private static final int LOOKAHEAD = KeyLength.MAX_PERCENT_ENCODED_ASCII;

    private final Application app;
    private final KeyScrub scrub;

    /**
     * @param app the application whose log is written
     * @param adminKey the admin key, redacted wherever an entry would show it
     */
    public LogRecorder(Application app, String adminKey) {
        this.app = app;
        this.scrub = new KeyScrub(adminKey, value -> app.keys().find(value) != null, REDACTED);
    }

    @Override
    public void answered(Request request, Route route, Response response, long elapsedNanos) {
        // the crawler is another host: its calls (whose bodies carry the target application's key) are not the
        // application's API log; nor are the mock server's own endpoints (the console's among them)
        if (route != null
                && (route.access() == Access.CONTROL
                        || route.access() == Access.CRAWLER
                        || route.template().startsWith("/_mock/"))) {
            return;
        }
        boolean keyRoute = route != null && route.operation().managesApiKeys();
        String sentKey = KeyScrub.sentKey(request);
        ObjectNode entry = Json.object();
        entry.put("timestamp", Timestamps.iso(app.nowMillis()));
        entry.put("method", request.method());
        entry.put("answer_code", Integer.toString(response.status()));
        entry.put("query_body", cut(request.bodyPrefix(MAX_TEXT + LOOKAHEAD), sentKey));
        JsonNode answer = response.body();
        if (keyRoute) {
            answer = redactKeys(answer.deepCopy());
        }
        entry.put("answer", cut(Json.prefix(answer, MAX_TEXT + LOOKAHEAD), sentKey));
        entry.put("url", Sanitize.cut(scrub.pathAndQuery(url(request, route), sentKey, false), MAX_TEXT));
        entry.put("ip", request.remoteAddress());
        entry.put("query_headers", headers(request, sentKey));
        // text, as answer_code is: an entry's figures are strings of digits
        entry.put("processing_time_ms", Long.toString(elapsedNanos / 1_000_000));
        String indexName = request.pathParams().get("indexName");
        if (indexName != null) {
            // a key sent where an index name belongs is still a key; a refused name may be 64 KB, cut as the URL is
            entry.put("index", Sanitize.cut(scrub.text(indexName, sentKey, false), MAX_TEXT));
        }
        if (response.body().has("nbHits")) {
            entry.put("query_nb_hits", response.body().get("nbHits").asLong());
        }
        // what the route declares decides: searches and browses are queries, writes are builds
        boolean query = route != null && (route.work() == Work.SEARCH || route.operation() == Operation.BROWSE);
        boolean build =
                route != null ? route.work().writes() : !request.method().equals("GET");
        // a name longer than any index's names none: no key restricted to indices sees its entry
        String index = indexName == null || indexName.length() > IndexNames.MAX_BYTES ? null : indexName;
        app.requestLog().add(new RequestLog.Entry(entry, index, query, build, response.status() >= 400));
    }

    /**
     * {@return the start of a text, keys redacted, cut at {@value #MAX_TEXT} characters}
     *
     * @param start the text's first {@value #MAX_TEXT} + {@value #LOOKAHEAD} characters, or all of it
     */
    private String cut(String start, String sentKey) {
        boolean cut = start.length() >= MAX_TEXT + LOOKAHEAD;
        String whole = start;
        if (cut) {
            // a word the read ends in may be the start of a key, plain or escaped (a key written escaped twice may
            // reach back past the cut): it goes, unless it reads longer than a key
            int word = KeyScrub.lastWordStart(whole, KeyLength.MAX_CHARS);
            if (word >= 0) {
                whole = whole.substring(0, word);
            }
        }
        String shown = scrub.text(whole, sentKey, cut);
        return shown.length() <= MAX_TEXT ? shown : shown.substring(0, MAX_TEXT);
    }

    private static String url(Request request, Route route) {
        String path = request.rawPath();
        int keySegment = route == null ? -1 : route.segmentOf("key");
        if (keySegment >= 0) {
            List<String> actual = PathCodec.rawSegments(path);
            StringBuilder redacted = new StringBuilder();
            for (int i = 0; i < actual.size(); i++) {
                redacted.append('/').append(i == keySegment ? REDACTED : actual.get(i));
            }
            path = redacted.toString();
        }
        if (request.rawQuery() == null || request.rawQuery().isEmpty()) {
            return path;
        }
        StringJoiner query = new StringJoiner("&");
        for (String pair : request.rawQuery().split("&")) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            query.add(isKeyParameter(name) ? name + "=" + REDACTED : pair);
        }
        return path + "?" + query;
    }

    /** Compared decoded, as the credential check reads it: {@code X-Service-API%2DKey} is the key too. */
    private static boolean isKeyParameter(String rawName) {
        String name =
                PathCodec.parseQuery(rawName).keySet().stream().findFirst().orElse("");
        return name.toLowerCase(Locale.ROOT).equals("x-service-api-key");
    }

    private String headers(Request request, String sentKey) {
        StringJoiner lines = new StringJoiner("\n");
        for (String name : LOGGED_HEADERS) {
            String value = request.header(name);
            if (value != null) {
                lines.add(name + ": "
                        + (KEY_HEADERS.contains(name)
                                ? REDACTED
                                : Sanitize.cut(scrub.text(value, sentKey, false), MAX_HEADER)));
            }
        }
        return lines.toString();
    }

    private static JsonNode redactKeys(JsonNode node) {
        if (node.isObject()) {
            ObjectNode object = (ObjectNode) node;
            for (Map.Entry<String, JsonNode> member : object.properties()) {
                if ((member.getKey().equals("key") || member.getKey().equals("value"))
                        && member.getValue().isString()) {
                    member.setValue(StringNode.valueOf(REDACTED));
                } else {
                    redactKeys(member.getValue());
                }
            }
        } else if (node.isArray()) {
            node.forEach(LogRecorder::redactKeys);
        }
        return node;
    }
}
