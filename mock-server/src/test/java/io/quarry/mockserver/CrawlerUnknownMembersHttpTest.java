package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A member a crawler request's body does not take (a misspelt {@code name}) is a 400 naming it, and the request
 * changes nothing; members of a configuration the mock server does not read are still stored as sent.
 */
class CrawlerUnknownMembersHttpTest {

    private static final MockServer SERVER = MockServer.builder().start();
    private static final TestClient CLIENT = new TestClient(SERVER, null, null);
    private static final String CONFIG = jq("{'appId': 'QUARRYMOCK', 'rateLimit': 2, 'actions': [{'indexName': 'docs',"
            + " 'recordExtractor': {'__type': 'function', 'source': '() => []'}}]}");

    @AfterAll
    static void stop() {
        SERVER.close();
    }

    private static Reply crawler(String method, String path, String json) {
        return CLIENT.crawler(method, path, json);
    }

    private static String created(String name) {
        return crawler("POST", "/crawlers", "{\"name\": \"" + name + "\", \"config\": " + CONFIG + "}")
                .requireOk()
                .body()
                .get("id")
                .asString();
    }

    private static void assertRefused(Reply reply, String member, String takes) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.body().get("message").asString())
                .isEqualTo("Unknown member: " + member + "; this request takes " + takes);
    }

    @Test
    void aMisspeltNameInAnUpdateIsRefusedAndChangesNothing() {
        String id = created("before");

        assertRefused(crawler("PATCH", "/crawlers/" + id, "{\"nmae\": \"after\"}"), "nmae", "name and config");
        assertRefused(
                crawler("PATCH", "/crawlers/" + id, "{\"name\": \"after\", \"confg\": {}}"),
                "confg",
                "name and config");

        assertThat(crawler("GET", "/crawlers/" + id, null)
                        .requireOk()
                        .body()
                        .get("name")
                        .asString())
                .isEqualTo("before");
    }

    @Test
    void anUnknownMemberOfACreationCreatesNoCrawler() {
        String name = "unknown-member-creation";
        Reply refused =
                crawler("POST", "/crawlers", "{\"name\": \"" + name + "\", \"config\": " + CONFIG + ", \"confg\": {}}");

        assertRefused(refused, "confg", "name and config");
        assertThat(crawler("GET", "/crawlers?name=" + name, null)
                        .requireOk()
                        .body()
                        .get("total")
                        .asInt())
                .isZero();
    }

    @Test
    void testsAndUrlCrawlsRefuseUnknownMembersToo() {
        String id = created("others");

        assertRefused(
                crawler("POST", "/crawlers/" + id + "/test", "{\"url\": \"http://127.0.0.1/\", \"cofig\": {}}"),
                "cofig",
                "url and config");
        assertRefused(
                crawler(
                        "POST",
                        "/crawlers/" + id + "/urls/crawl",
                        "{\"urls\": [\"http://127.0.0.1/\"], \"sav\": true}"),
                "sav",
                "urls and save");
        assertThat(crawler("GET", "/crawlers/" + id + "/stats/urls", null)
                        .requireOk()
                        .body()
                        .get("count")
                        .asInt())
                .as("no URL crawled")
                .isZero();
    }

    @Test
    void aLongUnknownNameIsCutAndControlCharactersDropped() {
        String id = created("long");
        String member = "x".repeat(5000);

        Reply refused = crawler("PATCH", "/crawlers/" + id, "{\"\\u0007" + member + "\": 1}");

        assertRefused(refused, "x".repeat(200) + "...", "name and config");
    }

    @Test
    void configurationMembersTheMockServerDoesNotReadAreStoredAsSent() {
        String id = created("stored");

        crawler("PATCH", "/crawlers/" + id + "/config", "{\"renderJavaScript\": true}")
                .requireOk();

        assertThat(crawler("GET", "/crawlers/" + id + "?withConfig=true", null)
                        .requireOk()
                        .body()
                        .at("/config/renderJavaScript")
                        .asBoolean())
                .isTrue();
    }
}
