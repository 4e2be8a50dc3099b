package io.quarry.crawler;

import io.quarry.core.Endpoint;

/** Every endpoint of the crawler API; the paths follow the host's {@code /api/1} prefix. */
final class Endpoints {

    static final Endpoint CREATE = Endpoint.write("POST", "/crawlers").named("create");
    static final Endpoint LIST = Endpoint.read("GET", "/crawlers").named("list");
    static final Endpoint GET = Endpoint.read("GET", "/crawlers/{id}").named("get");
    static final Endpoint UPDATE = Endpoint.write("PATCH", "/crawlers/{id}").named("update");
    static final Endpoint UPDATE_CONFIG =
            Endpoint.write("PATCH", "/crawlers/{id}/config").named("updateConfig");
    static final Endpoint RUN = Endpoint.write("POST", "/crawlers/{id}/run").named("run");
    static final Endpoint PAUSE = Endpoint.write("POST", "/crawlers/{id}/pause").named("pause");
    static final Endpoint REINDEX =
            Endpoint.write("POST", "/crawlers/{id}/reindex").named("reindex");
    static final Endpoint URL_STATISTICS =
            Endpoint.read("GET", "/crawlers/{id}/stats/urls").named("urlStatistics");
    static final Endpoint CRAWL_URLS =
            Endpoint.write("POST", "/crawlers/{id}/urls/crawl").named("crawlUrls");
    static final Endpoint TEST = Endpoint.read("POST", "/crawlers/{id}/test").named("test");
    static final Endpoint TASK =
            Endpoint.read("GET", "/crawlers/{id}/tasks/{tid}").named("task");
    static final Endpoint CANCEL_TASK =
            Endpoint.write("POST", "/crawlers/{id}/tasks/{tid}/cancel").named("cancelTask");

    private Endpoints() {}
}
