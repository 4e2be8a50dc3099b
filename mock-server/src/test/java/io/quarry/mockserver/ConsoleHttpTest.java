package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** The console's page and views over HTTP: served without a key, read with one, and never showing a key. */
class ConsoleHttpTest {

    private static final String ADMIN_KEY = "console-admin-key-0123456789";

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.adminKey(ADMIN_KEY))
            .build();

    private final MockServer server = MOCK.server();
    private final TestClient client = new TestClient(server);

    @Test
    void servesThePageAndItsFilesWithoutAKeyUnderAPolicyWithoutInlineScripts() throws Exception {
        for (String path : List.of(
                "/_mock/console",
                "/_mock/console/console.js",
                "/_mock/console/views.js",
                "/_mock/console/charts.js",
                "/_mock/console/rules.js",
                "/_mock/console/console.css")) {
            HttpResponse<String> page = fetch(path);
            assertThat(page.statusCode()).as(path).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Security-Policy"))
                    .as(path)
                    .hasValueSatisfying(policy -> assertThat(policy)
                            .contains("script-src 'self'")
                            .doesNotContain("unsafe-inline")
                            .doesNotContain("unsafe-eval"));
            assertThat(page.body()).as(path).doesNotContain(ADMIN_KEY);
        }
        HttpResponse<String> page = fetch("/_mock/console");
        assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=UTF-8");
        assertThat(page.body())
                .contains("<script src=\"/_mock/console/console.js\"")
                .doesNotContain("<script>");
        assertThat(fetch("/_mock/console/../state").statusCode()).isNotEqualTo(200);
        assertThat(fetch("/_mock/console/secret.txt").statusCode()).isEqualTo(404);
    }

    @Test
    void everyViewsErrorIsAnAlertAndTheJournalsTimesSayTheirZone() throws Exception {
        Document page = Jsoup.parse(fetch("/_mock/console").body());
        assertThat(page.select(".error"))
                .as("a view's error (a server stopped, a right missing) is told to assistive technology")
                .hasSizeGreaterThan(5)
                .allSatisfy(
                        error -> assertThat(error.attr("role")).as(error.id()).isEqualTo("alert"));
        assertThat(page.select("#journal-table th").first().text()).isEqualTo("Time (UTC)");
    }

    @Test
    void theTabBarIsATabListWhoseTabsEachControlTheViewTheyName() throws Exception {
        Document page = Jsoup.parse(fetch("/_mock/console").body());
        Element bar = page.getElementById("tabs");
        assertThat(bar).isNotNull();
        assertThat(bar.attr("role")).isEqualTo("tablist");
        assertThat(bar.attr("aria-label")).isNotEmpty();
        List<Element> tabs = bar.select("button");
        assertThat(tabs).hasSize(page.select("section.view").size()).allSatisfy(tab -> {
            assertThat(tab.attr("role")).as(tab.text()).isEqualTo("tab");
            Element panel = page.getElementById(tab.attr("aria-controls"));
            assertThat(panel).as(tab.text() + " controls a view").isNotNull();
            assertThat(panel.attr("role")).as(panel.id()).isEqualTo("tabpanel");
            assertThat(panel.attr("aria-labelledby")).as(panel.id()).isEqualTo(tab.id());
            assertThat(panel.id()).isEqualTo("view-" + tab.attr("data-view"));
        });
    }

    @Test
    void theSignInFormSaysWhereAFirstTimeUserFindsTheAdminKeyWithoutShowingOne() throws Exception {
        Document page = Jsoup.parse(fetch("/_mock/console").body());
        assertThat(page.select("#sign-in").text())
                .contains("prints it when it starts", "server.adminKey()")
                .doesNotContain(MockServer.DEFAULT_ADMIN_KEY, ADMIN_KEY);
    }

    @Test
    void everyButtonOfThePageHasANameOfItsOwnHoldingItsVisibleText() throws Exception {
        Document page = Jsoup.parse(fetch("/_mock/console").body());
        List<String> names = page.select("button").stream()
                .map(button -> {
                    String label = button.attr("aria-label");
                    if (label.isEmpty()) {
                        return button.text();
                    }
                    assertThat(label)
                            .as("a label that names the button says its visible text")
                            .contains(button.text());
                    return label;
                })
                .toList();
        assertThat(names)
                .as("a screen reader listing the buttons tells each from the others (three pairs read Previous/Next)")
                .hasSizeGreaterThan(10)
                .doesNotHaveDuplicates();
    }

    @Test
    void theSearchPreviewTakesATypedIndexNameForAKeyThatMayNotListTheIndices() throws Exception {
        Document page = Jsoup.parse(fetch("/_mock/console").body());
        Element field = page.getElementById("search-index");
        assertThat(field).isNotNull();
        assertThat(field.tagName()).isEqualTo("input");
        Element suggestions = page.getElementById(field.attr("list"));
        assertThat(suggestions)
                .as("the suggestions of indices the key may list")
                .isNotNull();
        assertThat(suggestions.tagName()).isEqualTo("datalist");
        assertThat(page.getElementById("search-index-note")).isNotNull();

        client.post("/1/indexes/films/batch", jq("{'requests':[{'action':'addObject','body':{'title':'Alien'}}]}"));
        String searchOnly = client.createKey(jq("{'acl':['search']}"));
        TestClient limited = new TestClient(server, server.applicationId(), searchOnly);
        assertThat(limited.get("/1/indexes").status()).isEqualTo(403);
        assertThat(limited.post("/1/indexes/films/query", jq("{'query':'alien'}"))
                        .requireOk()
                        .body()
                        .get("nbHits")
                        .asInt())
                .isEqualTo(1);
    }

    @Test
    void journalsASearchNewestFirstWithItsStatusAndNoKey() {
        client.post("/1/indexes/books/batch", jq("{'requests':[{'action':'addObject','body':{'title':'Dune'}}]}"));
        client.post("/1/indexes/books/query", jq("{'query':'dune'}")).requireOk();
        client.get("/1/indexes/books/settings?x-service-api-key=" + ADMIN_KEY);

        JsonNode entries = journal("");
        assertThat(entries.get(0).get("path").stringValue())
                .isEqualTo("/1/indexes/books/settings?x-service-api-key=••••");
        JsonNode search = entries.get(1);
        assertThat(search.get("method").stringValue()).isEqualTo("POST");
        assertThat(search.get("path").stringValue()).isEqualTo("/1/indexes/books/query");
        assertThat(search.get("status").asInt()).isEqualTo(200);
        assertThat(search.get("index").stringValue()).isEqualTo("books");
        assertThat(search.get("caller").stringValue()).isEqualTo("admin key");
        assertThat(search.get("requestBytes").asInt()).isPositive();
        assertThat(search.get("responseBytes").asInt()).isPositive();
        JsonNode detail = client.get(
                        "/_mock/console/api/journal/" + search.get("seq").asLong())
                .requireOk()
                .body();
        assertThat(detail.get("requestBody").stringValue()).contains("dune");
        assertThat(detail.get("responseBody").stringValue()).contains("Dune");
        assertThat(client.get("/_mock/console/api/journal?limit=1000").body().toString())
                .as("the console's own requests are not journaled, and no key is")
                .doesNotContain("/_mock/console")
                .doesNotContain(ADMIN_KEY);
    }

    @Test
    void masksAKeySentUnderAMistypedParameterName() {
        try (MockServer alone = MockServer.builder().adminKey(ADMIN_KEY).start()) {
            TestClient anonymous = new TestClient(alone, alone.applicationId(), null);
            anonymous.get("/1/indexes?x-service-api-kye=" + ADMIN_KEY);
            String key = new TestClient(alone).createKey(jq("{'acl':['search']}"));
            new TestClient(alone, alone.applicationId(), key).get("/1/indexes/books/settings?token=" + key);
            anonymous.get("/1/indexes/books/settings?apiKey=" + key);
            String journal = new TestClient(alone)
                    .get("/_mock/console/api/journal?path=" + key.substring(0, 10))
                    .requireOk()
                    .body()
                    .toString();
            assertThat(journal).as("the path filter finds no key either").doesNotContain("/settings");
            journal = new TestClient(alone)
                    .get("/_mock/console/api/journal")
                    .requireOk()
                    .body()
                    .toString();
            assertThat(journal)
                    .contains(
                            "/1/indexes?x-service-api-kye=••••",
                            "/1/indexes/books/settings?token=••••",
                            "/1/indexes/books/settings?apiKey=••••")
                    .doesNotContain(ADMIN_KEY)
                    .doesNotContain(key);
        }
    }

    @Test
    void masksKeysInTheKeyEndpointsBodiesAndNamesTheCallerByItsKeysDescription() {
        String key = client.createKey(jq("{'acl':['search'],'description':'storefront'}"));
        assertThat(client.get("/1/keys/" + key + "/acl").status())
                .as("no such endpoint")
                .isEqualTo(404);
        new TestClient(server, server.applicationId(), key).post("/1/indexes/books/query", "{}");
        new TestClient(server, server.applicationId(), "wrong-key-0123456789").post("/1/indexes/books/query", "{}");
        client.get("/1/keys/" + key);

        JsonNode entries = journal("");
        assertThat(entries.get(0).get("path").stringValue()).isEqualTo("/1/keys/••••");
        assertThat(entries.get(1).get("caller").stringValue()).isEqualTo("refused key");
        assertThat(entries.get(1).get("status").asInt()).isEqualTo(403);
        assertThat(entries.get(2).get("caller").stringValue()).isEqualTo("storefront");
        String all = client.get("/_mock/console/api/journal?limit=1000").body().toString();
        for (JsonNode entry : entries) {
            all += client.get("/_mock/console/api/journal/" + entry.get("seq").asLong())
                    .body()
                    .toString();
        }
        all += client.get("/_mock/console/api/keys").requireOk().body().toString();
        assertThat(all).doesNotContain(key).doesNotContain(ADMIN_KEY).doesNotContain("wrong-key-0123456789");
        assertThat(client.get("/_mock/console/api/keys")
                        .body()
                        .get("keys")
                        .get(0)
                        .get("description")
                        .stringValue())
                .isEqualTo("storefront");
    }

    @Test
    void marksScriptedFaultsAndFiltersByStatusPathAndIndex() {
        server.faults().next(1, "POST", "/1/indexes/*/query", Fault.status(503));
        client.post("/1/indexes/a/query", "{}");
        client.post("/1/indexes/b/query", "{}");

        JsonNode faulted = journal("?status=faulted");
        assertThat(faulted).hasSize(1);
        assertThat(faulted.get(0).get("fault").stringValue()).isEqualTo("status");
        assertThat(faulted.get(0).get("status").asInt()).isEqualTo(503);
        assertThat(journal("?status=5xx")).hasSize(1);
        assertThat(journal("?index=b")).hasSize(1);
        assertThat(journal("?path=/a/")).hasSize(1);
    }

    @Test
    void theConsolesOwnReadsAreLeftOutOfTheJournalAndTheCharts() {
        try (MockServer alone = MockServer.builder().start()) { // a journal holding this test's answers only
            TestClient admin = new TestClient(alone);
            // the faults view reads these every second: journaled, they would push the application's requests out
            for (String path : List.of("/_mock/faults", "/_mock/hosts")) {
                admin.send(admin.request("GET", path, null)
                                .header("X-Mock-Console", "read")
                                .build())
                        .requireOk();
            }
            admin.send(admin.request("POST", "/1/indexes/books/query", "{}")
                    .header("X-Mock-Console", "read")
                    .build());
            admin.send(admin.request("DELETE", "/_mock/faults", null)
                    .header("X-Mock-Console", "read")
                    .build());
            admin.get("/_mock/hosts").requireOk();

            JsonNode entries =
                    admin.get("/_mock/console/api/journal").requireOk().body().get("entries");
            assertThat(entries)
                    .extracting(entry -> entry.get("method").stringValue() + " "
                            + entry.get("path").stringValue())
                    .as("a read the console marks as its own is left out, its search included; a write, or an"
                            + " unmarked read, is not")
                    .containsExactly("GET /_mock/hosts", "DELETE /_mock/faults");
            JsonNode byStatus = admin.get("/_mock/console/api/traffic?seconds=600")
                    .requireOk()
                    .body()
                    .get("byStatus");
            long answers = 0;
            for (JsonNode statusClass : byStatus) {
                for (JsonNode second : statusClass) {
                    answers += second.asLong();
                }
            }
            assertThat(answers)
                    .as("the two journaled answers counted, the marked reads not")
                    .isEqualTo(2);
        }
    }

    @Test
    void readingTheJournalNeedsTheLogsRight() {
        String searchOnly = client.createKey(jq("{'acl':['search']}"));
        TestClient limited = new TestClient(server, server.applicationId(), searchOnly);
        assertThat(limited.get("/_mock/console/api/journal").status()).isEqualTo(403);
        assertThat(limited.get("/_mock/console/api/keys").status()).isEqualTo(403);
        assertThat(limited.get("/_mock/console/api/tasks").status()).isEqualTo(200);
        assertThat(new TestClient(server, server.applicationId(), "nope")
                        .get("/_mock/console/api/tasks")
                        .status())
                .isEqualTo(403);
    }

    @Test
    void aKeyRestrictedToIndicesSeesNoneOfTheOthersInTheJournalOrTheCharts() {
        client.post("/1/indexes/mine/query", "{}");
        client.post("/1/indexes/theirs/query", jq("{'query':'their secret'}"));
        client.post("/1/indexes/*/queries", jq("{'requests':[{'indexName':'theirs','query':'their secret'}]}"));
        client.get("/1/keys");
        long theirs = journal("?index=theirs").get(0).get("seq").asLong();
        long across = -1;
        for (JsonNode entry : journal("")) {
            if (entry.get("path").asString().equals("/1/indexes/*/queries")) {
                across = entry.get("seq").asLong();
            }
        }
        assertThat(across).as("the multi-index search's entry").isNotNegative();
        TestClient mine = new TestClient(
                server, server.applicationId(), client.createKey(jq("{'acl':['logs'],'indexes':['mine']}")));

        JsonNode entries =
                mine.get("/_mock/console/api/journal").requireOk().body().get("entries");
        assertThat(entries)
                .extracting(entry -> entry.path("index").asString("none"))
                .contains("mine")
                .as("an entry naming no one index may show the others")
                .doesNotContain("theirs", "none");
        assertThat(mine.get("/_mock/console/api/journal/" + across).status()).isEqualTo(404);
        assertThat(mine.get("/_mock/console/api/journal?index=theirs").body().get("entries"))
                .isEmpty();
        assertThat(mine.get("/_mock/console/api/journal/" + theirs).status()).isEqualTo(404);
        JsonNode byIndex = mine.get("/_mock/console/api/traffic?seconds=60")
                .requireOk()
                .body()
                .get("byIndex");
        assertThat(byIndex.has("mine")).isTrue();
        assertThat(byIndex.has("theirs")).isFalse();
        JsonNode restricted =
                mine.get("/_mock/console/api/traffic?seconds=60").requireOk().body();
        assertThat(restricted.has("byStatus") || restricted.has("p50Ms") || restricted.has("p99Ms"))
                .as("the requests by status and their durations count every index: not for a key restricted to some")
                .isFalse();
        assertThat(restricted.has("unanswered")).isFalse();
        assertThat(client.get("/_mock/console/api/traffic?seconds=60").body().has("byStatus"))
                .isTrue();
    }

    @Test
    void aKeyRestrictedToAnIndexIsChartedItsLineHoweverBusyTheOthers() {
        try (MockServer alone = MockServer.builder().start()) { // charts of this test's requests only
            TestClient admin = new TestClient(alone);
            admin.post("/1/indexes/mine/query", "{}");
            for (int i = 0; i < 9; i++) { // more busier indices than the chart draws lines
                admin.post("/1/indexes/busy-" + i + "/query", "{}");
                admin.post("/1/indexes/busy-" + i + "/query", "{}");
            }
            TestClient mine = admin.withKey(admin.createKey(jq("{'acl':['logs'],'indexes':['mine']}")));
            JsonNode byIndex = mine.get("/_mock/console/api/traffic?seconds=60")
                    .requireOk()
                    .body()
                    .get("byIndex");
            assertThat(byIndex.propertyNames()).containsExactly("mine");
        }
    }

    @Test
    void aKeyRestrictedToAnIndexIsChartedItsLineThoughMoreThan32OthersCameFirstInItsSecond() {
        try (MockServer alone = MockServer.builder().start()) { // charts of this test's requests only
            TestClient admin = new TestClient(alone);
            TestClient mine = admin.withKey(admin.createKey(jq("{'acl':['logs'],'indexes':['mine']}")));
            for (int i = 0; i < 40; i++) { // past the 32 indices each second names whoever lists them
                admin.post("/1/indexes/busy-" + i + "/query", "{}");
            }
            admin.post("/1/indexes/mine/query", "{}");
            JsonNode byIndex = mine.get("/_mock/console/api/traffic?seconds=60")
                    .requireOk()
                    .body()
                    .get("byIndex");
            assertThat(byIndex.propertyNames()).containsExactly("mine");
        }
    }

    @Test
    void aKeyRestrictedToAnIndexOfALongNameIsChartedItsLine() {
        String longName = "catalogue-" + "x".repeat(140); // longer than the charts keep of a name no key lists
        try (MockServer alone = MockServer.builder().start()) { // charts of this test's requests only
            TestClient admin = new TestClient(alone);
            TestClient mine = admin.withKey(admin.createKey(jq("{'acl':['logs'],'indexes':['" + longName + "']}")));
            admin.post("/1/indexes/" + longName + "/query", "{}");
            JsonNode byIndex = mine.get("/_mock/console/api/traffic?seconds=60")
                    .requireOk()
                    .body()
                    .get("byIndex");
            assertThat(byIndex.propertyNames()).containsExactly(longName);
        }
    }

    @Test
    void aSecuredKeyRestrictedToAnIndexIsChartedItsLinePastTheFirst32OnceItReadsTheCharts() {
        try (MockServer alone = MockServer.builder().start()) { // charts of this test's requests only
            TestClient admin = new TestClient(alone);
            String parent = admin.createKey(jq("{'acl':['logs']}")); // lists no index
            TestClient mine =
                    admin.withKey(SecuredKeyFactory.generate(parent, java.util.Map.of("restrictIndices", "mine")));
            mine.get("/_mock/console/api/traffic?seconds=60").requireOk();
            for (int i = 0; i < 40; i++) { // past the 32 indices each second names whoever lists them
                admin.post("/1/indexes/busy-" + i + "/query", "{}");
            }
            admin.post("/1/indexes/mine/query", "{}");
            JsonNode byIndex = mine.get("/_mock/console/api/traffic?seconds=60")
                    .requireOk()
                    .body()
                    .get("byIndex");
            assertThat(byIndex.propertyNames()).containsExactly("mine");
        }
    }

    @Test
    void countsAnswersPerSecondForTheCharts() {
        client.post("/1/indexes/books/query", "{}");
        JsonNode traffic =
                client.get("/_mock/console/api/traffic?seconds=60").requireOk().body();
        assertThat(traffic.get("seconds")).hasSize(60);
        long ok = 0;
        for (JsonNode second : traffic.get("byStatus").get("2xx")) {
            ok += second.asLong();
        }
        assertThat(ok).isPositive();
        assertThat(traffic.get("byIndex").has("books")).isTrue();
    }

    @Test
    void servesTheConsoleOverHttpsToo() {
        try (MockServer https = MockServer.builder().https().start()) {
            TestClient secure = new TestClient(https);
            secure.post("/1/indexes/books/query", "{}");
            assertThat(secure.get("/_mock/console/api/info")
                            .requireOk()
                            .body()
                            .get("applicationId")
                            .stringValue())
                    .isEqualTo(https.applicationId());
            assertThat(secure.get("/_mock/console/api/journal")
                            .requireOk()
                            .body()
                            .get("entries"))
                    .hasSize(1);
        }
    }

    @Test
    void aServerWithoutTheConsoleAnswers404() {
        try (MockServer off = MockServer.builder().console(Console.OFF).start()) {
            assertThat(new TestClient(off).get("/_mock/console/api/tasks").status())
                    .isEqualTo(404);
        }
    }

    private JsonNode journal(String query) {
        return client.get("/_mock/console/api/journal" + query)
                .requireOk()
                .body()
                .get("entries");
    }

    private HttpResponse<String> fetch(String path) throws IOException, InterruptedException {
        return client.http()
                .send(
                        HttpRequest.newBuilder(URI.create(server.url() + path)).build(),
                        HttpResponse.BodyHandlers.ofString());
    }
}
