package io.quarry.crawler;

import io.quarry.core.Endpoint;

/** Every endpoint of the crawler API; the paths follow the host's {@code /api/1} prefix. */
final class Endpoints {

    static final Endpoint CREATE = Endpoint.write("create", "POST", "/crawlers");
    static final Endpoint LIST = Endpoint.read("listPage", "GET", "/crawlers");
    static final Endpoint GET = Endpoint.read("get", "GET", "/crawlers/{id}");
    static final Endpoint UPDATE = Endpoint.write("update", "PATCH", "/crawlers/{id}");
    static final Endpoint UPDATE_CONFIG = Endpoint.write("updateConfig", "PATCH", "/crawlers/{id}/config");
    static final Endpoint RUN = Endpoint.write("run", "POST", "/crawlers/{id}/run");
    static final Endpoint PAUSE = Endpoint.write("pause", "POST", "/crawlers/{id}/pause");
    static final Endpoint REINDEX = Endpoint.write("reindex", "POST", "/crawlers/{id}/reindex");
    static final Endpoint URL_STATISTICS = Endpoint.read("urlStatistics", "GET", "/crawlers/{id}/stats/urls");
    static final Endpoint CRAWL_URLS = Endpoint.write("crawlUrls", "POST", "/crawlers/{id}/urls/crawl");
    static final Endpoint TEST = Endpoint.read("test", "POST", "/crawlers/{id}/test");
    static final Endpoint TASK = Endpoint.read("task", "GET", "/crawlers/{id}/tasks/{tid}");
    static final Endpoint CANCEL_TASK = Endpoint.write("cancelTask", "POST", "/crawlers/{id}/tasks/{tid}/cancel");

    private Endpoints() {}
}
