package io.quarry.mockserver.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console's lists turned page by page, and the focus as details open, in headless Chromium against a server
 * seeded with more than a page of each list: 251 indices (3 pages of 100), an index of 57 records (3 pages of 20)
 * and 150 keys (2 pages of 100). {@link ConsoleBrowserTest}'s data fits one page of each; its views' looks are its.
 */
@Tag("browser")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
// Alone: it drives one Chromium, as ConsoleBrowserTest does.
@Isolated
class ConsolePagingBrowserTest {

    private static final String ADMIN_KEY = "paging-admin-key-4c2e91b7";
    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final int RECORDS = 57;
    private static final int SHELVES = 250;
    private static final int KEYS = 150;

    @TempDir
    static Path profile;

    private static MockServer server;
    private static ChromeDriver browser;
    private static WebDriverWait waiting;

    @BeforeAll
    static void start() {
        String missing = Chromium.missing();
        if (missing != null) {
            System.out.println(missing);
        }
        Assumptions.assumeTrue(missing == null, missing);
        server = MockServer.builder().adminKey(ADMIN_KEY).seedJson(seed()).start();
        browser = Chromium.start(profile);
        waiting = new WebDriverWait(browser, PATIENCE);
        waiting.ignoring(StaleElementReferenceException.class);
        waiting.pollingEvery(Duration.ofMillis(100));
        browser.get(server.url() + "/_mock/console");
        waiting.until(driver -> !find("app-id").getDomProperty("value").isEmpty());
        find("api-key").sendKeys(ADMIN_KEY, Keys.ENTER);
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
        answered();
    }

    /** "many": 57 records r01 to r57; shelf-000 to shelf-249, empty; 150 keys, "key 000" to "key 149". */
    private static String seed() {
        StringBuilder seed = new StringBuilder("{\"indices\": {\"many\": {\"records\": [");
        for (int i = 1; i <= RECORDS; i++) {
            seed.append(i == 1 ? "" : ",").append(String.format("{\"objectID\": \"r%02d\", \"n\": %d}", i, i));
        }
        seed.append("]}");
        for (int i = 0; i < SHELVES; i++) {
            seed.append(String.format(", \"shelf-%03d\": {}", i));
        }
        seed.append("}, \"keys\": [");
        for (int i = 0; i < KEYS; i++) {
            seed.append(i == 0 ? "" : ",")
                    .append(String.format(
                            "{\"value\": \"paging-key-%03d\", \"acl\": [\"search\"], \"description\": \"key %03d\"}",
                            i, i));
        }
        return seed.append("]}").toString();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    @Order(1)
    void theIndexListTurnsPageByPageWithTheKeyboardSayingWhereItIs() {
        tab("indices");
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 1 of 3"));
        assertPager("indices", true, false);
        assertThat(firstCell("indices-table")).isEqualTo("many");

        find("indices-next").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 2 of 3"));
        answered();
        assertPager("indices", false, false);
        assertThat(firstCell("indices-table")).isEqualTo("shelf-099");
        assertThat(focused())
                .as("the focus stays on Next, not lost to the page's top")
                .isEqualTo("indices-next");

        browser.switchTo().activeElement().sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 3 of 3"));
        answered();
        assertPager("indices", false, true);
        assertThat(firstCell("indices-table")).isEqualTo("shelf-199");
        assertThat(rows("indices-table")).hasSize(51);
        assertThat(focused()).as("Next disabled: the focus on Previous").isEqualTo("indices-previous");

        browser.switchTo().activeElement().sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 2 of 3"));
        browser.switchTo().activeElement().sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 1 of 3"));
        answered();
        assertPager("indices", true, false);
        assertThat(focused()).as("Previous disabled: the focus on Next").isEqualTo("indices-next");
    }

    @Test
    @Order(2)
    void anIndexsRecordsTurnPageByPageAndAnotherIndexOpensOnItsFirstPage() throws Exception {
        tab("indices");
        openIndex("many");
        waiting.until(ExpectedConditions.textToBe(By.id("records-page"), "page 1 of 3 (57 records)"));
        assertPager("records", true, false);
        find("records-next").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("records-page"), "page 2 of 3 (57 records)"));
        answered();
        assertThat(find("index-records").getText()).startsWith("[\n  {\n    \"objectID\": \"r21\"");
        assertPager("records", false, false);
        assertThat(focused()).isEqualTo("records-next");

        // Next pressed twice before the first press is answered: the last page, not a page past it
        hold("/indexes/many/query$");
        find("records-next").sendKeys(Keys.ENTER);
        find("records-next").sendKeys(Keys.ENTER);
        release();
        answered();
        waiting.until(ExpectedConditions.textToBe(By.id("records-page"), "page 3 of 3 (57 records)"));
        assertThat(find("index-records").getText()).contains("\"r41\"").contains("\"r57\"");
        assertPager("records", false, true);
        assertThat(focused()).isEqualTo("records-previous");

        // another index opened while on page 3: its first page
        openIndex("shelf-000");
        waiting.until(ExpectedConditions.textToBe(By.id("records-page"), "page 1 of 1 (0 records)"));
        assertPager("records", true, true);
        openIndex("many");
        waiting.until(ExpectedConditions.textToBe(By.id("records-page"), "page 1 of 3 (57 records)"));
        assertPager("records", true, false);

        // Previous pressed twice from page 2 before an answer: the first page, not one before it
        find("records-next").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("records-page"), "page 2 of 3 (57 records)"));
        answered();
        hold("/indexes/many/query$");
        find("records-previous").sendKeys(Keys.ENTER);
        find("records-previous").sendKeys(Keys.ENTER);
        release();
        answered();
        waiting.until(ExpectedConditions.textToBe(By.id("records-page"), "page 1 of 3 (57 records)"));
        assertThat(find("index-records").getText()).contains("\"r01\"");
        find("index-detail-close").click();
    }

    /** Opens an index's detail from its row's button in the list's first page. */
    private static void openIndex(String name) {
        while (!find("indices-page").getText().startsWith("page 1 ")) {
            find("indices-previous").click();
            answered();
        }
        waiting.until(ExpectedConditions.elementToBeClickable(
                        By.cssSelector("#indices-table tr[data-index='" + name + "'] button")))
                .sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("index-detail-name"), name));
        answered();
    }

    /** Holds the page's calls whose path matches, unanswered, until {@link #release()}; counts them in window.held. */
    private static void hold(String path) {
        browser.executeScript(
                "window.held = 0; window.holding = new Promise(resolve => { window.release = resolve; });"
                        + " if (!window.unheld) { window.unheld = window.fetch; }"
                        + " const pattern = new RegExp(arguments[0]);"
                        + " window.fetch = async (...args) => { if (pattern.test(String(args[0]))) {"
                        + " window.held++; await window.holding; } return window.unheld(...args); };",
                path);
    }

    /** Lets the calls held go, and holds no more. */
    private static void release() {
        browser.executeScript("window.fetch = window.unheld; window.release();");
    }

    /** The list's Previous and Next, disabled or not, as the page has them and as assistive technology is told. */
    private static void assertPager(String list, boolean firstPage, boolean lastPage) {
        assertThat(List.of(disabled(list + "-previous"), disabled(list + "-next")))
                .as("Previous and Next of " + list + " disabled, in the page and to assistive technology")
                .containsExactly(List.of(firstPage, firstPage), List.of(lastPage, lastPage));
    }

    /** {@return whether the button is disabled in the page, and in the accessibility tree Chromium exposes} */
    @SuppressWarnings("unchecked")
    private static List<Boolean> disabled(String id) {
        Map<String, Object> document = browser.executeCdpCommand("DOM.getDocument", Map.of("depth", 0));
        Object root = ((Map<String, Object>) document.get("root")).get("nodeId");
        Object node = browser.executeCdpCommand("DOM.querySelector", Map.of("nodeId", root, "selector", "#" + id))
                .get("nodeId");
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) browser.executeCdpCommand(
                        "Accessibility.getPartialAXTree", Map.of("nodeId", node, "fetchRelatives", false))
                .get("nodes");
        boolean told = ((List<Map<String, Object>>) nodes.get(0).getOrDefault("properties", List.of()))
                .stream()
                        .anyMatch(p -> "disabled".equals(p.get("name"))
                                && Boolean.TRUE.equals(((Map<String, Object>) p.get("value")).get("value")));
        return List.of(!find(id).isEnabled(), told);
    }

    private static String firstCell(String table) {
        return waiting.until(driver ->
                driver.findElement(By.cssSelector("#" + table + " tbody tr td")).getText());
    }

    private static List<WebElement> rows(String table) {
        return browser.findElements(By.cssSelector("#" + table + " tbody tr"));
    }

    private static String focused() {
        return browser.switchTo().activeElement().getDomAttribute("id");
    }

    private static void send(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.url() + path))
                .header("X-Service-Application-Id", server.applicationId())
                .header("X-Service-API-Key", ADMIN_KEY)
                .method(method, HttpRequest.BodyPublishers.ofString(body))
                .build();
        assertThat(HttpClient.newHttpClient()
                        .send(request, HttpResponse.BodyHandlers.discarding())
                        .statusCode())
                .as(method + " " + path)
                .isEqualTo(200);
    }

    private static void tab(String view) {
        browser.findElement(By.cssSelector("#tabs button[data-view='" + view + "']"))
                .click();
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("view-" + view)));
        answered();
    }

    /** Every call the page made answered and drawn (its own count of calls under way, which nothing reads out). */
    private static void answered() {
        waiting.until(ExpectedConditions.attributeToBe(By.id("views"), "data-pending", "0"));
    }

    private static WebElement find(String id) {
        return browser.findElement(By.id(id));
    }
}
