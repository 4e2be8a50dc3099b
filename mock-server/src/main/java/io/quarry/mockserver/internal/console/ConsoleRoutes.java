package io.quarry.mockserver.internal.console;

import io.quarry.mockserver.internal.auth.Caller;
import io.quarry.mockserver.internal.auth.KeyMask;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.PathNumbers;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.faults.FaultAction;
import io.quarry.mockserver.internal.journal.AnswerJournal;
import io.quarry.mockserver.internal.journal.JournaledAnswer;
import io.quarry.mockserver.internal.journal.Traffic;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.ApiKey;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.Timestamps;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The console's routes: its page and files, and the read-only views the page reads besides the service's own API and
 * the control endpoints (the journal with keys masked, the traffic series, the keys masked, the pending tasks). Made
 * on the console's first request; its route constants are compile-time constants, so registering the routes loads
 * none of this package.
 */
public final class ConsoleRoutes implements RouteMethods {

    /** The page. */
    public static final int PAGE = 0;
    /** One of its files. */
    public static final int FILE = 1;
    /** What the sign-in page may know before a key is given. */
    public static final int INFO = 2;
    /** The journal, newest first. */
    public static final int JOURNAL = 3;
    /** One journal entry with its bodies. */
    public static final int JOURNAL_ENTRY = 4;
    /** The per-second counters. */
    public static final int TRAFFIC = 5;
    /** The keys, masked, a page at a time. */
    public static final int KEYS = 6;
    /** The pending tasks. */
    public static final int TASKS = 7;

    /** How many entries a journal page holds when the page does not say. */
    private static final int DEFAULT_LIMIT = 200;
    /** The most pending tasks listed. */
    private static final int MAX_TASKS = 100;
    /** The most entries of a key's list (rights, indices, referers) shown. */
    static final int LIST_ENTRIES = 20;
    /** How many keys a page lists. */
    static final int KEYS_PER_PAGE = 100;
    /** The keys in the order they were created, the value telling apart those created in the same millisecond. */
    private static final Comparator<ApiKey> CREATION_ORDER =
            Comparator.comparingLong(ApiKey::createdAtMillis).thenComparing(ApiKey::value);

    private final AnswerJournal journal;
    private final Application app;
    private final Secrets secrets;
    private final ObjectNode info;

    private ConsoleRoutes(AnswerJournal journal, Application app, String adminKey, ObjectNode info) {
        this.journal = journal;
        this.app = app;
        this.secrets = new Secrets(adminKey, value -> app.keys().find(value) != null);
        this.info = info;
    }

    /**
     * {@return the console's routes}
     *
     * @param journal what the server kept of its answers
     * @param app the application whose keys and tasks are shown
     * @param adminKey the admin key, masked wherever the journal would show it
     * @param info what the sign-in page may know before a key is given (application ID, version, hosts); the
     *     journal's capacity and the charts' seconds are added
     */
    public static RouteMethods open(AnswerJournal journal, Application app, String adminKey, ObjectNode info) {
        ObjectNode shown = info.deepCopy();
        shown.put("journalCapacity", journal.capacity());
        shown.put("chartSeconds", Traffic.SECONDS);
        return new ConsoleRoutes(journal, app, adminKey, shown);
    }

    /** Every answer, a refusal of its own parameters included, carries the console's headers. */
    @Override
    public Response answer(int method, Request request) {
        Response response;
        try {
            response = route(method, request);
        } catch (ApiException refused) {
            response = Response.error(refused.status(), refused.getMessage());
        }
        return response.withHeaders(ConsoleFiles.HEADERS);
    }

    private Response route(int method, Request request) {
        return switch (method) {
            case PAGE -> ConsoleFiles.file("index.html");
            case FILE -> ConsoleFiles.file(request.path("file"));
            case INFO -> Response.ok(info.deepCopy());
            case JOURNAL -> journal(request);
            case JOURNAL_ENTRY -> journalEntry(request);
            case TRAFFIC -> traffic(request);
            case KEYS -> keys(request);
            case TASKS -> tasks();
            default -> throw new IllegalArgumentException("no console route " + method);
        };
    }

    private Response journal(Request request) {
        int limit = intParam(request, "limit", DEFAULT_LIMIT, 1, journal.capacity());
        long after = intParam(request, "after", 0, 0, Integer.MAX_VALUE);
        Predicate<JournaledAnswer> filter = visibleTo(request).and(entry -> entry.seq() > after);
        String status = request.query().get("status");
        if (status != null && !status.isEmpty()) {
            filter = filter.and(statusFilter(status));
        }
        String path = request.query().get("path");
        if (path != null && !path.isEmpty()) {
            filter = filter.and(entry -> secrets.path(entry).contains(path));
        }
        String index = request.query().get("index");
        if (index != null && !index.isEmpty()) {
            filter = filter.and(entry -> index.equals(entry.index()));
        }
        ObjectNode body = Json.object();
        body.put("capacity", journal.capacity());
        body.put("kept", journal.size());
        body.put("oldest", journal.oldest());
        body.put("bodyChars", AnswerJournal.BODY_CHARS);
        ArrayNode entries = body.putArray("entries");
        for (JournaledAnswer entry : journal.newestFirst(filter, limit)) {
            entries.add(summary(entry));
        }
        return Response.ok(body);
    }

    /** {@return the entries of a status class ({@code 4xx}), without an answer ({@code none}) or faulted} */
    private static Predicate<JournaledAnswer> statusFilter(String wanted) {
        if (wanted.equals("faulted")) {
            return entry -> entry.fault() != null;
        }
        if (wanted.equals("none")) {
            return entry -> entry.status() == 0;
        }
        int statusClass = wanted.length() == 3 && wanted.endsWith("xx") ? Character.digit(wanted.charAt(0), 10) : -1;
        if (statusClass < 1 || statusClass > 5) {
            throw ApiException.badRequest("The parameter status must be 1xx, 2xx, 3xx, 4xx, 5xx, none or faulted");
        }
        return entry -> entry.status() / 100 == statusClass;
    }

    private Response journalEntry(Request request) {
        long seq = PathNumbers.of(request, "seq", "A journal entry's number (its seq)");
        JournaledAnswer entry = journal.find(seq);
        if (entry == null || !visibleTo(request).test(entry)) {
            throw ApiException.notFound("The journal no longer holds entry " + seq);
        }
        ObjectNode body = summary(entry);
        body.put("requestBody", secrets.body(entry, entry.requestStart(), entry.requestBytes()));
        body.put("responseBody", secrets.body(entry, entry.responseStart(), entry.responseBytes()));
        return Response.ok(body);
    }

    /**
     * {@return which entries the caller may see: as in the request log, a key restricted to indices sees the entries
     * of those indices only, not those naming no one index, whose bodies may hold other indices' queries and records}
     */
    private static Predicate<JournaledAnswer> visibleTo(Request request) {
        Caller caller = request.get(Caller.class);
        return entry -> entry.index() == null ? !caller.usesSomeIndicesOnly() : caller.mayUse(entry.index());
    }

    private ObjectNode summary(JournaledAnswer entry) {
        ObjectNode out = Json.object();
        out.put("seq", entry.seq());
        out.put("time", Timestamps.iso(entry.atMillis()));
        out.put("host", entry.host());
        out.put("method", entry.method());
        out.put("path", secrets.path(entry));
        if (entry.index() != null) {
            out.put("index", secrets.index(entry));
        }
        out.put("status", entry.status());
        out.put("durationMs", entry.micros() / 1000.0);
        out.put("requestBytes", entry.requestBytes());
        out.put("responseBytes", entry.responseBytes());
        out.put("caller", Secrets.caller(entry));
        if (entry.fault() != null) {
            out.put("fault", faultName(entry.fault()));
        }
        return out;
    }

    /** {@return the fault's name as the fault table writes it: {@code closeBeforeResponse}} */
    static String faultName(FaultAction.Kind kind) {
        StringBuilder name = new StringBuilder();
        for (String word : kind.name().toLowerCase(Locale.ROOT).split("_")) {
            name.append(name.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return name.toString();
    }

    private Response traffic(Request request) {
        int seconds = intParam(request, "seconds", 300, 1, Traffic.SECONDS);
        Caller caller = request.get(Caller.class);
        Traffic traffic = journal.traffic();
        List<String> restriction = caller.securedRestrictIndices();
        if (!restriction.isEmpty()) {
            traffic.watchedBy(restriction); // its own lines from now on, past a second's first 32
        }
        ObjectNode series = caller.usesSomeIndicesOnly()
                ? traffic.series(journal.now(), seconds, caller::mayUse)
                : traffic.series(journal.now(), seconds);
        if (caller.usesSomeIndicesOnly()) {
            // counted over every index and the requests naming none, as the journal entries such a key does not see
            series.remove(List.of("byStatus", "p50Ms", "p99Ms", "unanswered"));
        }
        return Response.ok(series);
    }

    /**
     * {@return a page of the keys, oldest first: {@code {"keys", "nbKeys", "page", "nbPages"}}; a page past the last
     * lists none}
     */
    private Response keys(Request request) {
        List<ApiKey> all = new ArrayList<>(app.keys().all());
        all.sort(CREATION_ORDER);
        int pages = Math.max(1, (all.size() + KEYS_PER_PAGE - 1) / KEYS_PER_PAGE);
        int page = intParam(request, "page", 0, 0, Integer.MAX_VALUE);
        ObjectNode body = Json.object();
        body.put("nbKeys", all.size());
        body.put("page", page);
        body.put("nbPages", pages);
        ArrayNode keys = body.putArray("keys");
        int from = (int) Math.min(all.size(), (long) page * KEYS_PER_PAGE);
        for (ApiKey key : all.subList(from, Math.min(all.size(), from + KEYS_PER_PAGE))) {
            ObjectNode out = keys.addObject();
            out.put("value", KeyMask.of(key.value()));
            out.put("description", Secrets.label(key.description()));
            shown(out.putArray("acl"), key.acl());
            shown(out.putArray("indexes"), key.indexes());
            shown(out.putArray("referers"), key.referers());
            out.put("validity", key.validitySeconds());
            out.put("maxHitsPerQuery", key.maxHitsPerQuery());
            out.put("maxQueriesPerIPPerHour", key.maxQueriesPerIPPerHour());
            out.put("createdAt", Timestamps.iso(key.createdAtMillis()));
            if (key.indexScope() != null) {
                out.put("index", key.indexScope());
            }
        }
        return Response.ok(body);
    }

    /**
     * Lists a key's entries as the page shows them: the first {@value #LIST_ENTRIES}, each cut as a description is,
     * then how many follow. A key may list thousands (a 10 MB body of referers), which each page holding it repeated.
     */
    private static void shown(ArrayNode target, List<String> entries) {
        entries.stream().limit(LIST_ENTRIES).map(Secrets::label).forEach(target::add);
        if (entries.size() > LIST_ENTRIES) {
            target.add("… " + (entries.size() - LIST_ENTRIES) + " more");
        }
    }

    /** {@return the oldest pending tasks, and whether more are pending than listed} */
    private Response tasks() {
        ObjectNode body = Json.object();
        long now = app.nowMillis();
        body.put("lastTaskID", app.tasks().lastId());
        // one more than listed, to tell "100" from "more than 100" without counting them all
        List<long[]> oldest = app.tasks().pending(MAX_TASKS + 1);
        body.put("morePending", oldest.size() > MAX_TASKS);
        ArrayNode pending = body.putArray("pending");
        for (long[] task : oldest.subList(0, Math.min(MAX_TASKS, oldest.size()))) {
            ObjectNode out = pending.addObject();
            out.put("taskID", task[0]);
            out.put("status", "notPublished");
            out.put("publishedInMs", Math.max(0, task[1] - now));
        }
        return Response.ok(body);
    }

    private static int intParam(Request request, String name, int fallback, int min, int max) {
        String value = request.query().get(name);
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        try {
            return Math.max(min, Math.min(max, Integer.parseInt(value)));
        } catch (NumberFormatException e) {
            if (isInteger(value)) {
                return value.charAt(0) == '-' ? min : max; // too large for an int: as far out as it goes
            }
            throw ApiException.badRequest("The parameter " + name + " must be an integer");
        }
    }

    /** {@return whether the text is a decimal integer, signed or not, whatever its length} */
    private static boolean isInteger(String text) {
        int from = text.charAt(0) == '-' || text.charAt(0) == '+' ? 1 : 0;
        if (from == text.length()) {
            return false;
        }
        for (int i = from; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
