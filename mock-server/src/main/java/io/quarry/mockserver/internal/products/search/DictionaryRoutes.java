package io.quarry.mockserver.internal.products.search;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.Sanitize;
import io.quarry.mockserver.internal.json.HitPage;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.LanguageCodes;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.Dictionaries;
import io.quarry.mockserver.internal.state.Timestamps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Dictionaries. Writes answer an application-level task {@code {taskID, updatedAt}}
 * (waited on with {@code GET /1/task/{taskID}}). Search answers {@code {hits, nbHits, page, nbPages}}, each hit an
 * entry with {@code type} custom or standard; the query matches the start of an entry's word, words or parts,
 * ignoring case. Errors: 400 for schema errors, unknown dictionaries and an entry past
 * {@link Dictionaries#MAX_ENTRY_CHARACTERS} characters or {@link Dictionaries#MAX_ENTRY_WORDS} words, 413 above 10 MB,
 * 403 past {@link Dictionaries#MAX_CUSTOM_ENTRIES} custom entries in one dictionary or past the budget of stored
 * records.
 */
final class DictionaryRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int BATCH = 0;
    static final int SEARCH_GET = 1;
    static final int SEARCH_POST = 2;
    static final int SET_SETTINGS = 3;
    static final int GET_SETTINGS = 4;
    static final int LANGUAGES = 5;

    private static final int MAX_BATCH_BYTES = 10 * 1024 * 1024;
    private static final Map<String, Set<String>> ENTRY_MEMBERS = Map.of(
            "stopwords", Set.of("objectID", "language", "word", "state"),
            "plurals", Set.of("objectID", "language", "words"),
            "compounds", Set.of("objectID", "language", "word", "decomposition"));

    private final Application app;
    private final Dictionaries dictionaries;

    DictionaryRoutes(Application app) {
        this.app = app;
        this.dictionaries = app.dictionaries();
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case BATCH -> batch(request);
            case SEARCH_GET -> searchGet(request);
            case SEARCH_POST -> searchPost(request);
            case SET_SETTINGS -> setSettings(request);
            case GET_SETTINGS -> getSettings(request);
            case LANGUAGES -> languages(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /** {@code POST /1/dictionaries/{dictionaryName}/batch}. */
    Response batch(Request request) {
        String dictionary = dictionaryName(request);
        if (request.bodySize() > MAX_BATCH_BYTES) {
            throw new ApiException(413, "The dictionary batch payload is larger than 10MB");
        }
        ObjectNode body = request.jsonObject();
        onlyMembers(body, Set.of("requests", "clearExistingDictionaryEntries"), "batch");
        JsonNode requests = body.get("requests");
        if (requests == null || !requests.isArray()) {
            throw ApiException.badRequest("Missing requests: expected an array");
        }
        JsonNode clear = body.get("clearExistingDictionaryEntries");
        if (clear != null && !clear.isBoolean()) {
            throw ApiException.badRequest("clearExistingDictionaryEntries must be a boolean");
        }
        List<Dictionaries.Change> changes = new ArrayList<>();
        for (JsonNode item : requests) {
            changes.add(change(dictionary, item));
        }
        try {
            dictionaries.apply(dictionary, clear != null && clear.asBoolean(), changes);
        } catch (Dictionaries.QuotaExceededException e) {
            throw new ApiException(403, e.getMessage());
        }
        return Response.ok(task());
    }

    private static Dictionaries.Change change(String dictionary, JsonNode item) {
        if (!item.isObject()) {
            throw ApiException.badRequest("Each request must be a JSON object");
        }
        onlyMembers(item, Set.of("action", "body"), "request");
        String action = Replies.requiredString(item, "action");
        JsonNode body = item.get("body");
        if (body == null || !body.isObject()) {
            throw ApiException.badRequest("Each request needs an object body");
        }
        String objectID = Replies.requiredString(body, "objectID");
        switch (action) {
            case "deleteEntry" -> {
                onlyMembers(body, Set.of("objectID"), "deleteEntry body");
                return new Dictionaries.Change(null, objectID);
            }
            case "addEntry" -> {
                return new Dictionaries.Change(entry(dictionary, (ObjectNode) body), objectID);
            }
            default -> throw ApiException.badRequest("Invalid action " + action + ": expected addEntry or deleteEntry");
        }
    }

    private static ObjectNode entry(String dictionary, ObjectNode body) {
        onlyMembers(body, ENTRY_MEMBERS.get(dictionary), dictionary + " entry");
        language(Replies.requiredString(body, "language"));
        ObjectNode entry = body.deepCopy();
        switch (dictionary) {
            case "stopwords" -> {
                Replies.requiredString(body, "word");
                String state = body.path("state").asString("enabled");
                if (!state.equals("enabled") && !state.equals("disabled")) {
                    throw ApiException.badRequest("state must be enabled or disabled");
                }
                entry.put("state", state);
            }
            case "plurals" -> {
                if (strings(body.get("words"), "words").isEmpty()) {
                    throw ApiException.badRequest("words must list at least one word");
                }
            }
            case "compounds" -> {
                Replies.requiredString(body, "word");
                strings(body.get("decomposition"), "decomposition");
            }
            default -> throw new IllegalStateException(dictionary);
        }
        withinBounds(entry);
        return entry;
    }

    /** Refuses an entry past the bounds of one entry: its strings' characters, its declensions or parts. */
    private static void withinBounds(ObjectNode entry) {
        long characters = 0;
        for (Map.Entry<String, JsonNode> member : entry.properties()) {
            JsonNode value = member.getValue();
            if (value.isArray() && value.size() > Dictionaries.MAX_ENTRY_WORDS) {
                throw ApiException.badRequest("Invalid entry "
                        + Sanitize.shortText(entry.path("objectID").asString(""))
                        + ": its " + member.getKey() + " lists " + value.size() + " words, at most "
                        + Dictionaries.MAX_ENTRY_WORDS);
            }
            for (JsonNode text : value.isArray() ? value : List.of(value)) {
                characters += text.stringValue().length();
            }
        }
        if (characters > Dictionaries.MAX_ENTRY_CHARACTERS) {
            throw ApiException.badRequest("Invalid entry "
                    + Sanitize.shortText(entry.path("objectID").asString(""))
                    + ": its strings hold " + characters + " characters, at most " + Dictionaries.MAX_ENTRY_CHARACTERS
                    + " (its objectID, language and words together)");
        }
    }

    /** {@code GET /1/dictionaries/{dictionaryName}/search}: parameters in the query string. */
    Response searchGet(Request request) {
        ObjectNode params = Json.object();
        request.query().forEach((name, value) -> {
            if (Set.of("query", "page", "hitsPerPage", "language").contains(name)) {
                params.put(name, value);
            }
        });
        return Response.ok(search(dictionaryName(request), params));
    }

    /** {@code POST /1/dictionaries/{dictionaryName}/search}. */
    Response searchPost(Request request) {
        String dictionary = dictionaryName(request);
        ObjectNode body = request.jsonObject();
        onlyMembers(body, Set.of("query", "page", "hitsPerPage", "language"), "search");
        return Response.ok(search(dictionary, body));
    }

    private ObjectNode search(String dictionary, ObjectNode params) {
        JsonNode rawQuery = params.get("query");
        if (rawQuery == null || !rawQuery.isString()) {
            throw ApiException.badRequest("query is required and must be a string");
        }
        String query = rawQuery.stringValue().trim().toLowerCase(Locale.ROOT);
        int page = Replies.intParam(text(params.get("page")), "page", 0, 0, Integer.MAX_VALUE);
        int hitsPerPage = Replies.intParam(text(params.get("hitsPerPage")), "hitsPerPage", 20, 1, 1000);
        JsonNode language = params.get("language");
        if (language != null && !language.isString()) {
            throw ApiException.badRequest("language must be a string");
        }
        List<ObjectNode> matching = new ArrayList<>();
        for (ObjectNode entry : dictionaries.entries(dictionary, language == null ? null : language.stringValue())) {
            if (matches(entry, query)) {
                matching.add(entry);
            }
        }
        return HitPage.of(matching, page, hitsPerPage, entry -> entry);
    }

    private static boolean matches(ObjectNode entry, String query) {
        if (query.isEmpty()) {
            return true;
        }
        List<String> words = new ArrayList<>();
        words.add(entry.path("word").asString(""));
        entry.path("words").forEach(word -> words.add(word.asString("")));
        entry.path("decomposition").forEach(part -> words.add(part.asString("")));
        return words.stream().anyMatch(word -> word.toLowerCase(Locale.ROOT).startsWith(query));
    }

    /** Refuses a language the service does not support: an entry or setting in it would apply nowhere. */
    private static void language(String code) {
        if (!LanguageCodes.isKnownWithCountry(code)) {
            throw ApiException.badRequest("Invalid language " + Sanitize.shortText(code)
                    + ": expected a language code the service supports, two lower-case letters (ISO 639-1) alone"
                    + " or with a lower-case country code, such as en or pt-br");
        }
    }

    /** {@code PUT /1/dictionaries/*}{@code /settings}: only the listed languages change; null resets. */
    Response setSettings(Request request) {
        ObjectNode body = request.jsonObject();
        onlyMembers(body, Set.of("disableStandardEntries"), "settings");
        JsonNode disable = body.get("disableStandardEntries");
        if (disable == null || !disable.isObject()) {
            throw ApiException.badRequest("disableStandardEntries must be an object");
        }
        onlyMembers(disable, Dictionaries.NAMES, "disableStandardEntries");
        Map<String, Map<String, Boolean>> changes = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> dictionary : disable.properties()) {
            JsonNode languages = dictionary.getValue();
            if (languages.isNull()) {
                changes.put(dictionary.getKey(), null);
                continue;
            }
            if (!languages.isObject()) {
                throw ApiException.badRequest("disableStandardEntries." + dictionary.getKey()
                        + " must be an object of language to boolean, or null");
            }
            Map<String, Boolean> values = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> language : languages.properties()) {
                if (!language.getValue().isBoolean()) {
                    throw ApiException.badRequest("disableStandardEntries values must be booleans");
                }
                language(language.getKey());
                values.put(language.getKey(), language.getValue().asBoolean());
            }
            changes.put(dictionary.getKey(), values);
        }
        changes.forEach(dictionaries::disableStandard);
        return Response.ok(task());
    }

    /** {@code GET /1/dictionaries/*}{@code /settings}: only the languages whose standard entries are disabled. */
    Response getSettings(Request request) {
        ObjectNode body = Json.object();
        ObjectNode disable = body.putObject("disableStandardEntries");
        for (String dictionary : new TreeSet<>(Dictionaries.NAMES)) {
            Set<String> disabled = dictionaries.disabledStandard(dictionary);
            if (dictionary.equals("stopwords") || !disabled.isEmpty()) {
                ObjectNode languages = disable.putObject(dictionary);
                disabled.forEach(language -> languages.put(language, true));
            }
        }
        return Response.ok(body);
    }

    /** {@code GET /1/dictionaries/*}{@code /languages}: {@code nbCustomEntries} per dictionary, null when unsupported. */
    Response languages(Request request) {
        Set<String> all = new TreeSet<>();
        Dictionaries.NAMES.forEach(dictionary -> all.addAll(dictionaries.languages(dictionary)));
        ObjectNode body = Json.object();
        for (String language : all) {
            ObjectNode item = body.putObject(language);
            for (String dictionary : new TreeSet<>(Dictionaries.NAMES)) {
                if (dictionaries.languages(dictionary).contains(language)) {
                    item.putObject(dictionary).put("nbCustomEntries", dictionaries.customCount(dictionary, language));
                } else {
                    item.set(dictionary, NullNode.getInstance());
                }
            }
        }
        return Response.ok(body);
    }

    private ObjectNode task() {
        ObjectNode body = Json.object();
        body.put("taskID", app.tasks().record());
        body.put("updatedAt", Timestamps.iso(app.nowMillis()));
        return body;
    }

    private static String dictionaryName(Request request) {
        String name = request.path("dictionaryName");
        if (!Dictionaries.NAMES.contains(name)) {
            throw ApiException.badRequest("Unknown dictionary " + name + ": expected stopwords, plurals or compounds");
        }
        return name;
    }

    private static void onlyMembers(JsonNode object, Set<String> allowed, String what) {
        for (Map.Entry<String, JsonNode> property : object.properties()) {
            if (!allowed.contains(property.getKey())) {
                throw ApiException.badRequest("Unexpected member " + property.getKey() + " in the " + what);
            }
        }
    }

    private static List<String> strings(JsonNode array, String member) {
        if (array == null || !array.isArray()) {
            throw ApiException.badRequest(member + " is required and must be an array of strings");
        }
        List<String> list = new ArrayList<>();
        for (JsonNode item : array) {
            if (!item.isString()) {
                throw ApiException.badRequest(member + " must be an array of strings");
            }
            list.add(item.stringValue());
        }
        return list;
    }

    private static String text(JsonNode value) {
        return value == null || value.isNull() ? null : value.asString();
    }
}
