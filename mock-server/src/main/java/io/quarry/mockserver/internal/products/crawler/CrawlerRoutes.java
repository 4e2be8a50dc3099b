package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.Sanitize;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The handlers of the crawler endpoints, over the crawlers this server holds. */
final class CrawlerRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int CREATE = 0;
    static final int LIST = 1;
    static final int GET = 2;
    static final int UPDATE = 3;
    static final int UPDATE_CONFIG = 4;
    static final int RUN = 5;
    static final int PAUSE = 6;
    static final int REINDEX = 7;
    static final int STATS = 8;
    static final int CRAWL_URLS = 9;
    static final int TEST = 10;
    static final int TASK = 11;
    static final int CANCEL = 12;

    /** Most crawlers one server holds. */
    static final int MAX_CRAWLERS = 1000;
    /** Most URLs one URL-crawl call takes. */
    static final int MAX_URLS_PER_CALL = 50;

    private static final int MAX_NAME = 64;
    private static final List<String> NAME_AND_CONFIG = List.of("name", "config");
    private static final List<String> URLS_AND_SAVE = List.of("urls", "save");
    private static final List<String> URL_AND_CONFIG = List.of("url", "config");

    private final Application app;
    private final CrawlJobs jobs;
    private final PageTester tester;
    private final Map<String, Crawler> crawlers = new LinkedHashMap<>();
    /** Under the crawlers' lock. */
    private final ConfigBytes configBytes;

    CrawlerRoutes(Application app, CrawlJobs jobs, PageTester tester) {
        this(app, jobs, tester, Runtime.getRuntime().maxMemory());
    }

    /** @param heapBytes the heap the crawlers' configurations are sized to */
    CrawlerRoutes(Application app, CrawlJobs jobs, PageTester tester, long heapBytes) {
        this.app = app;
        this.jobs = jobs;
        this.tester = tester;
        this.configBytes = new ConfigBytes(heapBytes);
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case CREATE -> create(request);
            case LIST -> list(request);
            case GET -> get(request);
            case UPDATE -> update(request);
            case UPDATE_CONFIG -> updateConfig(request);
            case RUN -> run(request);
            case PAUSE -> pause(request);
            case REINDEX -> reindex(request);
            case STATS -> stats(request);
            case CRAWL_URLS -> crawlUrls(request);
            case TEST -> test(request);
            case TASK -> task(request);
            case CANCEL -> cancel(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /** {@code POST /crawlers}: {@code {"id"}}. */
    Response create(Request request) {
        ObjectNode body = body(request, NAME_AND_CONFIG);
        String name = name(body.get("name"));
        CrawlerConfig config = CrawlerConfig.parse(body.get("config"));
        Crawler crawler = new Crawler(name, config, app.nowMillis());
        synchronized (crawlers) {
            if (crawlers.size() >= MAX_CRAWLERS) {
                throw ApiException.badRequest("At most " + MAX_CRAWLERS + " crawlers per mock server");
            }
            requireNoTemporaryIndexOfAnother(config, crawler);
            configBytes.set(crawler.id(), jsonBytes(config));
            crawlers.put(crawler.id(), crawler);
        }
        ObjectNode reply = Json.object();
        reply.put("id", crawler.id());
        return Response.ok(reply);
    }

    /** {@code GET /crawlers}: a page of {@code {id, name}} in creation order, filtered by name and appID. */
    Response list(Request request) {
        int itemsPerPage = intParam(request, "itemsPerPage", 20, 1, 100);
        int page = intParam(request, "page", 1, 1, 100);
        String name = request.query().get("name");
        String appId = request.query().get("appID");
        List<Crawler> matching = new ArrayList<>();
        for (Crawler crawler : snapshot()) {
            if ((name == null || crawler.name().equals(name))
                    && (appId == null
                            || appId.equals(
                                    crawler.config().json().path("appId").asString("")))) {
                matching.add(crawler);
            }
        }
        ArrayNode items = Json.array();
        int from = (page - 1) * itemsPerPage;
        for (int i = from; i < Math.min(matching.size(), from + itemsPerPage); i++) {
            ObjectNode item = items.addObject();
            item.put("id", matching.get(i).id());
            item.put("name", matching.get(i).name());
        }
        ObjectNode reply = Json.object();
        reply.set("items", items);
        reply.put("itemsPerPage", itemsPerPage);
        reply.put("page", page);
        reply.put("total", matching.size());
        return Response.ok(reply);
    }

    /** {@code GET /crawlers/{id}}: the crawler, with its configuration when {@code withConfig=true}. */
    Response get(Request request) {
        return Response.ok(crawler(request).toJson(request.booleanParam("withConfig", false)));
    }

    /** {@code PATCH /crawlers/{id}}: a new name and/or a whole new configuration; neither changes nothing. */
    Response update(Request request) {
        Crawler crawler = crawler(request);
        ObjectNode body = body(request, NAME_AND_CONFIG);
        String name = body.has("name") ? name(body.get("name")) : null;
        CrawlerConfig config = body.has("config") ? CrawlerConfig.parse(body.get("config")) : null;
        if (config != null) {
            synchronized (crawlers) {
                requireNoTemporaryIndexOfAnother(config, crawler);
                configBytes.set(crawler.id(), jsonBytes(config));
                crawler.configure(config, app.nowMillis());
            }
        }
        if (name != null) {
            crawler.rename(name, app.nowMillis());
        }
        return taskReply(crawler.newTask("update", false));
    }

    /** {@code PATCH /crawlers/{id}/config}: top-level members replace the configuration's. */
    Response updateConfig(Request request) {
        Crawler crawler = crawler(request);
        ObjectNode changes = request.jsonObject();
        synchronized (crawlers) {
            synchronized (crawler) {
                CrawlerConfig merged = crawler.config().merged(changes);
                requireNoTemporaryIndexOfAnother(merged, crawler);
                configBytes.set(crawler.id(), jsonBytes(merged));
                crawler.configure(merged, app.nowMillis());
            }
        }
        return taskReply(crawler.newTask("configuration", false));
    }

    /** {@code POST /crawlers/{id}/run}: un-pauses. */
    Response run(Request request) {
        Crawler crawler = crawler(request);
        crawler.setRunning(true, app.nowMillis());
        return taskReply(crawler.newTask("run", false));
    }

    /** {@code POST /crawlers/{id}/pause}: pauses. */
    Response pause(Request request) {
        Crawler crawler = crawler(request);
        crawler.setRunning(false, app.nowMillis());
        return taskReply(crawler.newTask("pause", false));
    }

    /** {@code POST /crawlers/{id}/reindex}: starts (or restarts) a reindex. */
    Response reindex(Request request) {
        return taskReply(jobs.reindex(crawler(request)));
    }

    /** {@code GET /crawlers/{id}/stats/urls}. */
    Response stats(Request request) {
        return Response.ok(crawler(request).statistics().toJson());
    }

    /** {@code POST /crawlers/{id}/urls/crawl}: crawls up to 50 URLs, 200 calls per 24 hours. */
    Response crawlUrls(Request request) {
        Crawler crawler = crawler(request);
        ObjectNode body = body(request, URLS_AND_SAVE);
        JsonNode urlsNode = body.get("urls");
        if (urlsNode == null || !urlsNode.isArray() || urlsNode.isEmpty()) {
            throw ApiException.badRequest("urls is required and must be a non-empty array of URLs");
        }
        if (urlsNode.size() > MAX_URLS_PER_CALL) {
            throw ApiException.badRequest("At most " + MAX_URLS_PER_CALL + " URLs per call; got " + urlsNode.size());
        }
        Set<String> urls = new LinkedHashSet<>();
        for (JsonNode url : urlsNode) {
            if (!url.isString()) {
                throw ApiException.badRequest("urls must be an array of strings");
            }
            CrawlerConfig.requireHttpUrl(url.stringValue(), "urls");
            urls.add(url.stringValue());
        }
        JsonNode save = body.get("save");
        if (save != null && !save.isNull() && !save.isBoolean()) {
            throw ApiException.badRequest("save must be a boolean");
        }
        crawler.requireUnblocked();
        // a crawl refused (429) is not counted and saves no URL
        CrawlerTask task;
        try {
            task = crawler.countUrlCrawl(app.nowMillis(), () -> jobs.crawlUrls(crawler, List.copyOf(urls)));
        } catch (DailyUrlCrawls.LimitReached limit) {
            return limit.answer();
        }
        saveExtraUrls(crawler, urls, save == null || save.isNull() ? null : save.booleanValue());
        return taskReply(task);
    }

    /**
     * {@code save: true} adds every URL to {@code extraUrls}; absent, only the URLs the last reindex did not index;
     * {@code false}, none.
     */
    private void saveExtraUrls(Crawler crawler, Set<String> urls, Boolean save) {
        if (Boolean.FALSE.equals(save)) {
            return;
        }
        synchronized (crawler) {
            CrawlerConfig config = crawler.config();
            Set<String> extra = new LinkedHashSet<>(config.extraUrls());
            for (String url : urls) {
                boolean add =
                        Boolean.TRUE.equals(save) || !crawler.indexedInLastReindex(SiteCrawl.normalize(url, config));
                if (add && !config.startUrls().contains(url) && extra.size() < CrawlerConfig.MAX_LIST) {
                    extra.add(url);
                }
            }
            if (extra.size() != config.extraUrls().size()) {
                ObjectNode change = Json.object();
                ArrayNode list = change.putArray("extraUrls");
                extra.forEach(list::add);
                crawler.configure(config.merged(change), app.nowMillis());
            }
        }
    }

    /**
     * {@code POST /crawlers/{id}/test}: the records, links and logs of one URL, read as a crawl reads it (without
     * fragment, dot segments and ignored query parameters); nothing is written.
     */
    Response test(Request request) {
        Crawler crawler = crawler(request);
        ObjectNode body = body(request, URL_AND_CONFIG);
        JsonNode url = body.get("url");
        if (url == null || !url.isString()) {
            throw ApiException.badRequest("url is required and must be a string");
        }
        CrawlerConfig.requireHttpUrl(url.stringValue(), "url");
        CrawlerConfig config = crawler.config();
        JsonNode override = body.get("config");
        if (override != null && !override.isNull()) {
            if (!override.isObject()) {
                throw ApiException.badRequest("config must be an object");
            }
            config = config.merged((ObjectNode) override);
        }
        // the URL as a crawl fetches it and records it: the records are those a crawl would write
        return Response.ok(tester.test(SiteCrawl.normalize(url.stringValue(), config), config));
    }

    /** {@code GET /crawlers/{id}/tasks/{tid}}: {@code {"pending"}}. */
    Response task(Request request) {
        CrawlerTask task = task(crawler(request), request.path("tid"));
        ObjectNode reply = Json.object();
        reply.put("pending", task.pending());
        return Response.ok(reply);
    }

    /** {@code POST /crawlers/{id}/tasks/{tid}/cancel}: only the blocking task; its reindex is discarded. */
    Response cancel(Request request) {
        Crawler crawler = crawler(request);
        CrawlerTask task = task(crawler, request.path("tid"));
        jobs.discardTemporaries(crawler.cancelBlocking(task, app.nowMillis()));
        return Response.ok(Json.object());
    }

    /**
     * No crawler's live index is another's temporary one ({@code docs} and {@code docs.tmp}): a reindex of the
     * second would clear that index when it starts and delete it when it ends, as within one configuration. (Two
     * crawlers may write one live index: their reindexes take turns, see {@link TemporaryIndexClaims}.) Called
     * holding the {@code crawlers} lock, so two requests cannot both take an index.
     *
     * @param config the configuration the crawler is to have
     * @param crawler the crawler, whose own indices do not count
     * @throws ApiException 400 naming the action and the crawler whose index it clashes with
     */
    private void requireNoTemporaryIndexOfAnother(CrawlerConfig config, Crawler crawler) {
        for (Crawler other : crawlers.values()) {
            if (other == crawler) {
                continue;
            }
            Set<String> temporaries = other.temporaryIndices();
            Set<String> lives = other.liveIndices();
            for (CrawlerConfig.Action action : config.actions()) {
                String live = config.indexOf(action);
                String temporary = CrawlJobs.temporaryIndex(live);
                if (temporaries.contains(live)) {
                    throw clash(
                            action,
                            "the temporary index " + quotedName(live) + " a reindex of crawler " + other.id()
                                    + " fills");
                }
                if (lives.contains(temporary)) {
                    throw clash(
                            action,
                            "the live index " + quotedName(temporary) + " of crawler " + other.id()
                                    + ", which would be the temporary index of its reindexes");
                }
            }
        }
    }

    private static ApiException clash(CrawlerConfig.Action action, String what) {
        return ApiException.badRequest("config.actions[" + action.position() + "].indexName: it would write " + what
                + "; choose another indexName or indexPrefix");
    }

    private static long jsonBytes(CrawlerConfig config) {
        return Json.bytes(config.json()).length;
    }

    private static String quotedName(String index) {
        return "'" + shortened(index) + "'";
    }

    /** Forgets every crawler, stopping their crawls. */
    void reset() {
        List<Crawler> all = snapshot();
        synchronized (crawlers) {
            crawlers.clear();
            configBytes.clear();
        }
        all.forEach(Crawler::stop);
    }

    private List<Crawler> snapshot() {
        synchronized (crawlers) {
            return new ArrayList<>(crawlers.values());
        }
    }

    private Crawler crawler(Request request) {
        String id = request.path("id");
        synchronized (crawlers) {
            Crawler crawler = crawlers.get(id);
            if (crawler == null) {
                throw new ApiException(403, "Crawler " + shortened(id) + " does not exist or you may not access it");
            }
            return crawler;
        }
    }

    private static CrawlerTask task(Crawler crawler, String taskId) {
        CrawlerTask task = crawler.task(taskId);
        if (task == null) {
            throw ApiException.badRequest("Task " + shortened(taskId) + " does not exist on this crawler");
        }
        return task;
    }

    /**
     * {@return the request's JSON object}
     *
     * @param members the members the request takes
     * @throws ApiException 400 naming the first other member: a misspelt one ({@code nmae}) would else be ignored,
     *     the request answering a task that changed nothing
     */
    private static ObjectNode body(Request request, List<String> members) {
        ObjectNode body = request.jsonObject();
        for (String member : body.propertyNames()) {
            if (!members.contains(member)) {
                throw ApiException.badRequest("Unknown member: " + Sanitize.shortText(member) + "; this request takes "
                        + String.join(" and ", members));
            }
        }
        return body;
    }

    private static Response taskReply(CrawlerTask task) {
        ObjectNode reply = Json.object();
        reply.put("taskId", task.id());
        return Response.ok(reply);
    }

    private static String name(JsonNode node) {
        if (node == null || !node.isString() || node.stringValue().isBlank()) {
            throw ApiException.badRequest("name is required and must be a non-empty string");
        }
        String name = node.stringValue();
        if (name.codePointCount(0, name.length()) > MAX_NAME) {
            throw ApiException.badRequest("name must be at most " + MAX_NAME + " characters");
        }
        return name;
    }

    private static int intParam(Request request, String name, int absent, int min, int max) {
        String raw = request.query().get(name);
        if (raw == null || raw.isEmpty()) {
            return absent;
        }
        try {
            int value = Integer.parseInt(raw);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiException.badRequest(name + " must be an integer from " + min + " to " + max);
    }

    private static String shortened(String value) {
        return value.length() > 64 ? value.substring(0, 64) + "..." : value;
    }
}
