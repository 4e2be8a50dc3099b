package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code /test} of a URL that redirects: the target is a link, absolute, as a crawl follows it. */
class CrawlerTestRedirectHttpTest {

    private final MockServer server = MockServer.builder().start();
    private final TestClient client = new TestClient(server, null, null);
    private final HttpServer site = redirectingSite();

    @AfterEach
    void stop() {
        server.close();
        site.stop(0);
    }

    /** Every path answers 302 to the Location its query names. */
    private static HttpServer redirectingSite() {
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            http.createContext("/", exchange -> {
                exchange.getResponseHeaders()
                        .set("Location", exchange.getRequestURI().getQuery());
                exchange.sendResponseHeaders(302, -1);
                exchange.close();
            });
            http.start();
            return http;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private Reply crawler(String method, String path, String json) {
        String token = Base64.getEncoder()
                .encodeToString(
                        (server.crawlerUserId() + ":" + server.crawlerApiKey()).getBytes(StandardCharsets.UTF_8));
        return client.send(client.request(method, "/api/1" + path, json)
                .header("Authorization", "Basic " + token)
                .build());
    }

    private Reply tested(String id, String location) {
        String url = "http://127.0.0.1:" + site.getAddress().getPort() + "/docs/old?" + location;
        Reply reply = crawler("POST", "/crawlers/" + id + "/test", "{\"url\": \"" + url + "\"}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply;
    }

    @Test
    void aRelativeRedirectIsAnAbsoluteLink() {
        Reply created = crawler(
                "POST",
                "/crawlers",
                jq("{'name': 'c', 'config': {'appId': 'QUARRYMOCK', 'rateLimit': 2, 'actions': [{'indexName': 'docs',"
                        + " 'recordExtractor': {'__type': 'function', 'source': '() => []'}}]}}"));
        String id = created.body().get("id").asString();
        String site = "http://127.0.0.1:" + this.site.getAddress().getPort();

        assertThat(tested(id, "/docs/new").body().get("links").get(0).asString())
                .isEqualTo(site + "/docs/new");
        assertThat(tested(id, "sibling").body().get("links").get(0).asString()).isEqualTo(site + "/docs/sibling");
        assertThat(tested(id, "ftp://elsewhere/").body().get("links"))
                .as("no http(s) URL, no link")
                .isEmpty();
    }
}
