package io.quarry.crawler;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.patchRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.ClientConfig;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.LogLevel;
import io.quarry.crawler.model.CrawlUrlsRequest;
import io.quarry.crawler.model.CrawlerAction;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.CrawlerListQuery;
import io.quarry.crawler.model.ExtraUrls;
import io.quarry.crawler.model.RecordExtractor;
import io.quarry.crawler.model.UrlTestRequest;
import io.quarry.testsupport.WireMockClients;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What the crawler client puts on the wire: basic authentication, the /api/1 prefix, methods, queries, bodies. */
class RequestShapeTest {

    @RegisterExtension
    static final WireMockExtension WIRE = WireMockClients.server();

    private static final String BASIC =
            "Basic " + Base64.getEncoder().encodeToString("crawler-user:crawler-key".getBytes(StandardCharsets.UTF_8));
    private static final String ID = "0b9c4c4e-2d44-4b8e-9f4a-5d1c1f3a8e11";

    @AutoClose
    private final CrawlerClient client =
            CrawlerClient.create(ClientConfig.builder(Credentials.basic("crawler-user", "crawler-key"))
                    .hosts(Host.of(WireMockClients.url(WIRE)).withBasePath("/api/1"))
                    .logLevel(LogLevel.NONE)
                    .build());

    @BeforeEach
    void answerEverything() {
        WIRE.stubFor(any(anyUrl())
                .willReturn(aResponse()
                        .withHeader("Content-Type", "application/json")
                        .withBody("{\"id\": \"" + ID + "\", \"taskId\": \"t1\", \"pending\": false, \"items\": [],"
                                + " \"itemsPerPage\": 20, \"page\": 1, \"total\": 0, \"count\": 0, \"data\": []}")));
    }

    @Test
    void createSendsBasicAuthUnderTheApiPrefix() {
        CrawlerConfiguration config = CrawlerConfiguration.of()
                .appId("APP")
                .apiKey("target-key")
                .rateLimit(8)
                .startUrls("https://www.example.com/")
                .actions(CrawlerAction.of("docs", RecordExtractor.function("() => []"))
                        .pathsToMatch("https://www.example.com/**"));

        assertThat(client.create("docs", config).id()).isEqualTo(ID);

        WIRE.verify(postRequestedFor(urlEqualTo("/api/1/crawlers"))
                .withHeader("Authorization", equalTo(BASIC))
                .withRequestBody(equalToJson("{\"name\": \"docs\", \"config\": {\"appId\": \"APP\","
                        + " \"apiKey\": \"target-key\", \"rateLimit\": 8, \"startUrls\": [\"https://www.example.com/\"],"
                        + " \"actions\": [{\"indexName\": \"docs\", \"recordExtractor\": {\"__type\": \"function\","
                        + " \"source\": \"() => []\"}, \"pathsToMatch\": [\"https://www.example.com/**\"]}]}}")));
        assertThat(config.toString()).doesNotContain("target-key");
    }

    @Test
    void listSendsPagingAndFilters() {
        client.listPage(
                CrawlerListQuery.of().itemsPerPage(5).page(2).name("docs").appId("APP"));

        WIRE.verify(getRequestedFor(urlEqualTo("/api/1/crawlers?itemsPerPage=5&page=2&name=docs&appID=APP"))
                .withHeader("Authorization", equalTo(BASIC)));
    }

    @Test
    void crawlerCallsUseTheirPaths() {
        CrawlerHandle crawler = client.crawler(ID);
        String base = "/api/1/crawlers/" + ID;

        crawler.get();
        crawler.updateConfig(CrawlerConfiguration.of().maxUrls(10));
        crawler.run();
        crawler.pause();
        crawler.reindex();
        crawler.urlStatistics();
        crawler.test(UrlTestRequest.of("https://www.example.com/a"));
        crawler.task("t1");
        crawler.cancelTask("t1");

        WIRE.verify(getRequestedFor(urlEqualTo(base + "?withConfig=true")));
        WIRE.verify(patchRequestedFor(urlEqualTo(base + "/config")).withRequestBody(equalToJson("{\"maxUrls\": 10}")));
        WIRE.verify(postRequestedFor(urlEqualTo(base + "/run")));
        WIRE.verify(postRequestedFor(urlEqualTo(base + "/pause")));
        WIRE.verify(postRequestedFor(urlEqualTo(base + "/reindex")));
        WIRE.verify(getRequestedFor(urlEqualTo(base + "/stats/urls")));
        WIRE.verify(postRequestedFor(urlEqualTo(base + "/test"))
                .withRequestBody(equalToJson("{\"url\": \"https://www.example.com/a\"}")));
        WIRE.verify(getRequestedFor(urlEqualTo(base + "/tasks/t1")));
        WIRE.verify(postRequestedFor(urlEqualTo(base + "/tasks/t1/cancel")));
    }

    @Test
    void crawlUrlsSendsSaveOnlyWhenChosen() {
        CrawlerHandle crawler = client.crawler(ID);
        List<String> urls = List.of("https://www.example.com/a");

        crawler.crawlUrls(CrawlUrlsRequest.of(urls));
        crawler.crawlUrls(CrawlUrlsRequest.of(urls).extraUrls(ExtraUrls.SAVE));
        crawler.crawlUrls(CrawlUrlsRequest.of(urls).extraUrls(ExtraUrls.DO_NOT_SAVE));

        String path = "/api/1/crawlers/" + ID + "/urls/crawl";
        WIRE.verify(postRequestedFor(urlPathEqualTo(path))
                .withRequestBody(equalToJson("{\"urls\": [\"https://www.example.com/a\"]}")));
        WIRE.verify(postRequestedFor(urlPathEqualTo(path))
                .withRequestBody(equalToJson("{\"urls\": [\"https://www.example.com/a\"], \"save\": true}")));
        WIRE.verify(postRequestedFor(urlPathEqualTo(path))
                .withRequestBody(equalToJson("{\"urls\": [\"https://www.example.com/a\"], \"save\": false}")));
    }

    @Test
    void moreThanFiftyUrlsAreRefusedWithoutARequest() {
        List<String> urls = IntStream.range(0, 51)
                .mapToObj(i -> "https://www.example.com/" + i)
                .toList();

        assertThatThrownBy(() -> client.crawler(ID).crawlUrls(CrawlUrlsRequest.of(urls)))
                .isInstanceOf(InvalidRequestException.class);
        assertThat(WIRE.getAllServeEvents()).isEmpty();
    }
}
