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
import org.junit.jupiter.api.AfterEach;
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

    /** The calls a failed test held let go, so that the tests after it are not held too. */
    @AfterEach
    void letGo() {
        if (browser != null) {
            browser.executeScript("if (window.unheld) { window.fetch = window.unheld; }"
                    + " if (window.release) { window.release(); }");
        }
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
        // the page shown anew (signed in still) without an answer to the list: no page to turn to before it comes
        browser.executeCdpCommand("Network.enable", Map.of());
        browser.executeCdpCommand("Network.setBlockedURLs", Map.of("urls", List.of("*/1/indexes?page=*")));
        try {
            browser.navigate().refresh();
            waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("indices-error"), "did not answer"));
            assertPager("indices", true, true);
        } finally { // the next tests read the list
            browser.executeCdpCommand("Network.setBlockedURLs", Map.of("urls", List.of()));
        }
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
        assertThat(focused())
                .as("the last page: the focus stays on Next, said to be unavailable, not moved to Previous")
                .isEqualTo("indices-next");
        pressedInVain("indices-table", "indices-next", "/1/indexes\\?page=", "page 3 of 3");

        find("indices-previous").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 2 of 3"));
        browser.switchTo().activeElement().sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 1 of 3"));
        answered();
        assertPager("indices", true, false);
        assertThat(focused()).as("the first page: the focus stays on Previous").isEqualTo("indices-previous");
        pressedInVain("indices-table", "indices-previous", "/1/indexes\\?page=", "page 1 of 3");
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
        assertThat(focused()).isEqualTo("records-next");
        pressedInVain("index-records", "records-next", "/indexes/many/query$", "page 3 of 3 (57 records)");

        // another index opened while on page 3: no page of the one before offered while it loads, then its first
        hold("/indexes/shelf-000/settings$");
        browser.findElement(By.cssSelector("#indices-table tr[data-index='shelf-000'] button"))
                .sendKeys(Keys.ENTER);
        waiting.until(driver -> counted("held") == 1);
        assertPager("records", true, true);
        assertThat(find("records-page").getText()).isEmpty();
        release();
        answered();
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

    @Test
    @Order(3)
    void theKeysTurnPageByPageWhileTheTasksRefreshAndTheLastPageLeftKeepsTheFocusInTheView() throws Exception {
        tab("access");
        waiting.until(ExpectedConditions.textToBe(By.id("keys-page"), "page 1 of 2 (150 keys)"));
        assertPager("keys", true, false);
        // a page turned while the tasks' refresh every second is under way, and answered before it
        hold("/api/tasks$");
        refreshNow();
        waiting.until(driver -> counted("held") == 1);
        find("keys-next").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("keys-page"), "page 2 of 2 (150 keys)"));
        release();
        answered();
        assertThat(find("keys-page").getText()).isEqualTo("page 2 of 2 (150 keys)");
        assertThat(rows("keys-table")).hasSize(50);
        assertThat(rows("keys-table").get(0).getText()).contains("key 100");
        assertPager("keys", false, true);
        assertThat(focused()).isEqualTo("keys-next");
        pressedInVain("keys-table", "keys-next", "/api/keys", "page 2 of 2 (150 keys)");

        // and the other way round: the refresh answered while the page turned is held
        hold("/api/keys\\?page=0$");
        find("keys-previous").sendKeys(Keys.ENTER);
        waiting.until(driver -> counted("held") == 1);
        refreshNow();
        // the tasks read and shown: the page asked for is the one call left under way
        waiting.until(ExpectedConditions.attributeToBe(By.id("views"), "data-pending", "1"));
        release();
        answered();
        waiting.until(ExpectedConditions.textToBe(By.id("keys-page"), "page 1 of 2 (150 keys)"));
        assertPager("keys", true, false);
        assertThat(focused()).isEqualTo("keys-previous");

        // the keys past the first page deleted meanwhile: Previous from the second finds one page, both buttons
        // unavailable, and the focus still on the one pressed
        find("keys-next").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("keys-page"), "page 2 of 2 (150 keys)"));
        // the page reached is in the URL: a reload shows it again, and so does Back to it after another view's reload
        waiting.until(driver -> driver.getCurrentUrl().endsWith("#access?page=2"));
        browser.navigate().refresh();
        waiting.until(ExpectedConditions.textToBe(By.id("keys-page"), "page 2 of 2 (150 keys)"));
        tab("journal");
        browser.navigate().refresh();
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("view-journal")));
        browser.navigate().back();
        waiting.until(ExpectedConditions.textToBe(By.id("keys-page"), "page 2 of 2 (150 keys)"));
        assertThat(browser.getCurrentUrl()).endsWith("#access?page=2");
        answered();
        for (int i = 100; i < KEYS; i++) {
            send("DELETE", String.format("/1/keys/paging-key-%03d", i), "");
        }
        find("keys-previous").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("keys-page"), "page 1 of 1 (100 keys)"));
        answered();
        assertPager("keys", true, true);
        assertThat(focused()).isEqualTo("keys-previous");
        assertThat(browser.getCurrentUrl()).endsWith("#access");
    }

    @Test
    @Order(4)
    void aDetailTakesTheFocusOnceLoadedAndOnlyIfTheUserHasNotMovedOn() throws Exception {
        // where the focus lands and, as it lands, whether the detail is busy and its content there
        browser.executeScript("window.landings = []; document.addEventListener('focusin', event => {"
                + " const detail = event.target.closest('[role=region]');"
                + " if (detail) window.landings.push(event.target.id + (detail.hasAttribute('aria-busy') ? ' busy'"
                + " : ' loaded') + ' ' + detail.querySelector('pre').textContent.length); });");
        tab("indices");
        hold("/indexes/many/settings$");
        WebElement many = waiting.until(
                ExpectedConditions.elementToBeClickable(By.cssSelector("#indices-table tr[data-index='many'] button")));
        many.sendKeys(Keys.ENTER);
        waiting.until(driver -> counted("held") == 1);
        assertThat(find("index-detail").getDomAttribute("aria-busy")).isEqualTo("true");
        assertThat(browser.switchTo().activeElement())
                .as("the focus on the row's button while the detail loads")
                .isEqualTo(many);
        assertLoadSaid("index-detail-status", "Loading index many\u2026");
        release();
        waiting.until(driver -> "index-detail-name".equals(focused()));
        answered();
        assertLoadSaid("index-detail-status", "");
        assertThat(landings())
                .as("the heading focused once loaded")
                .hasSize(1)
                .allMatch(l -> l.matches("index-detail-name loaded [1-9][0-9]*"));
        assertThat(find("index-records").getText()).contains("\"r01\"");

        // the user moving on meanwhile keeps the focus where it went
        find("index-detail-close").click();
        hold("/indexes/many/settings$");
        many = waiting.until(
                ExpectedConditions.elementToBeClickable(By.cssSelector("#indices-table tr[data-index='many'] button")));
        many.sendKeys(Keys.ENTER);
        waiting.until(driver -> counted("held") == 1);
        many.sendKeys(Keys.TAB); // on to the next row's button
        release();
        answered();
        assertThat(find("index-records").getText()).contains("\"r01\"");
        assertThat(browser.switchTo()
                        .activeElement()
                        .findElement(By.xpath("ancestor::tr"))
                        .getDomAttribute("data-index"))
                .as("the focus where the user took it")
                .isEqualTo("shelf-000");
        find("index-detail-close").click();

        // an index opened while another's detail is still loading: the later one focused once it has loaded, though
        // the earlier one's answer is still on its way
        hold("/indexes/many/settings$");
        browser.executeScript("window.landings = []");
        many = waiting.until(
                ExpectedConditions.elementToBeClickable(By.cssSelector("#indices-table tr[data-index='many'] button")));
        many.sendKeys(Keys.ENTER);
        waiting.until(driver -> counted("held") == 1);
        many.sendKeys(Keys.TAB, Keys.ENTER);
        waiting.until(driver -> "index-detail-name".equals(focused()));
        assertThat(find("index-detail-name").getText()).isEqualTo("shelf-000");
        assertLoadSaid("index-detail-status", ""); // the later load ended, the earlier one still held is not said
        release();
        answered();
        assertThat(landings()).hasSize(1).allMatch(l -> l.matches("index-detail-name loaded [1-9][0-9]*"));
        assertThat(find("index-detail-name").getText()).isEqualTo("shelf-000");
        find("index-detail-close").click();

        send("POST", "/1/indexes/many/query", "{\"query\": \"r07\"}");
        tab("journal");
        browser.executeScript("window.landings = []");
        hold("/api/journal/[0-9]+$");
        waiting.until(driver -> {
            driver.findElement(By.cssSelector("#journal-table tbody tr button")).sendKeys(Keys.ENTER);
            return true;
        });
        waiting.until(driver -> counted("held") == 1);
        assertThat(find("journal-detail").getDomAttribute("aria-busy")).isEqualTo("true");
        assertLoadSaid("journal-detail-status", "Loading the request\u2019s bodies\u2026");
        WebElement opener = browser.switchTo().activeElement();
        assertThat(opener.getDomAttribute("class")).isEqualTo("opener");
        // a request more meanwhile: the journal's refresh makes its rows anew, the focus on the same row's button
        send("POST", "/1/indexes/many/query", "{\"query\": \"r08\"}");
        refreshNow();
        waiting.until(ExpectedConditions.stalenessOf(opener));
        release();
        waiting.until(driver -> "journal-detail-title".equals(focused()));
        answered();
        assertThat(landings()).hasSize(1).allMatch(l -> l.matches("journal-detail-title loaded [1-9][0-9]*"));
        assertThat(find("journal-detail-title").getText()).isEqualTo("POST /1/indexes/many/query → 200");
        assertLoadSaid("journal-detail-status", "");

        // closed while it loads (Back, before the detail shows): nothing said to load any more
        find("journal-detail-close").click();
        hold("/api/journal/[0-9]+$");
        waiting.until(driver -> {
            driver.findElement(By.cssSelector("#journal-table tbody tr button")).sendKeys(Keys.ENTER);
            return true;
        });
        waiting.until(driver -> counted("held") == 1);
        assertLoadSaid("journal-detail-status", "Loading the request\u2019s bodies\u2026");
        browser.navigate().back();
        waiting.until(driver ->
                find("journal-detail-status").getDomProperty("textContent").isEmpty());
        assertLoadSaid("journal-detail-status", "");
        release();
        answered();
        assertThat(find("journal-detail").isDisplayed()).isFalse();
    }

    /**
     * The status line saying what a detail loads: the text given, said by assistive technology as a status (a polite
     * live region), and outside the detail, whose content is held back while it is busy.
     */
    private static void assertLoadSaid(String id, String text) {
        WebElement status = find(id);
        assertThat(status.getDomProperty("textContent")).isEqualTo(text);
        assertThat(status.getAriaRole()).isEqualTo("status");
        assertThat(browser.executeScript("return arguments[0].closest('[aria-busy], [hidden]') === null", status))
                .as(id + " in no busy or hidden part of the page")
                .isEqualTo(true);
    }

    @Test
    @Order(5)
    void thePagesReachedAreInTheUrlSoAReloadALinkAndBackShowThemAgain() {
        tab("indices");
        find("indices-next").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 2 of 3"));
        find("indices-next").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 3 of 3"));
        waiting.until(driver -> driver.getCurrentUrl().endsWith("#indices?page=3"));

        // an index opened from the third page, the page reloaded: the same page, the same index; Back closes it, on
        // the third page still
        openFromThisPage("shelf-210");
        waiting.until(driver -> driver.getCurrentUrl().endsWith("#indices/shelf-210?page=3"));
        browser.navigate().refresh();
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 3 of 3"));
        waiting.until(ExpectedConditions.textToBe(By.id("index-detail-name"), "shelf-210"));
        answered();
        browser.navigate().back();
        waiting.until(ExpectedConditions.invisibilityOfElementLocated(By.id("index-detail")));
        assertThat(browser.getCurrentUrl()).endsWith("#indices?page=3");
        assertThat(find("indices-page").getText()).isEqualTo("page 3 of 3");

        // the list turned back to its first page while an index is open: Back goes to the third page, detail closed
        openFromThisPage("shelf-220");
        find("indices-previous").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 2 of 3"));
        find("indices-previous").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 1 of 3"));
        waiting.until(driver -> driver.getCurrentUrl().endsWith("#indices/shelf-220"));
        browser.navigate().back();
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 3 of 3"));
        waiting.until(ExpectedConditions.invisibilityOfElementLocated(By.id("index-detail")));
        assertThat(browser.getCurrentUrl()).endsWith("#indices?page=3");
        answered();

        // an index's third page of records, reloaded
        openIndex("many");
        find("records-next").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("records-page"), "page 2 of 3 (57 records)"));
        find("records-next").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("records-page"), "page 3 of 3 (57 records)"));
        waiting.until(driver -> driver.getCurrentUrl().endsWith("#indices/many?records=3"));
        browser.navigate().refresh();
        waiting.until(ExpectedConditions.textToBe(By.id("records-page"), "page 3 of 3 (57 records)"));
        assertThat(find("index-records").getText()).contains("\"r41\"");
        answered();

        // a link naming pages past the last (data deleted since, or a number typed): the last pages, as the URL then
        // says; a page that is no number, the first
        follow("#indices/many?page=9&records=99");
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 3 of 3"));
        waiting.until(ExpectedConditions.textToBe(By.id("records-page"), "page 3 of 3 (57 records)"));
        waiting.until(driver -> driver.getCurrentUrl().endsWith("#indices/many?page=3&records=3"));
        follow("#indices?page=99999999999999999999");
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 3 of 3"));
        waiting.until(driver -> driver.getCurrentUrl().endsWith("#indices?page=3"));
        follow("#indices?page=-2");
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 1 of 3"));
        waiting.until(driver -> driver.getCurrentUrl().endsWith("#indices"));
        // the keys past the first page were deleted (theKeysTurnPageByPage...): a link to the second, the first
        follow("#access?page=2");
        waiting.until(ExpectedConditions.textToBe(By.id("keys-page"), "page 1 of 1 (100 keys)"));
        waiting.until(driver -> driver.getCurrentUrl().endsWith("#access"));
        answered();
    }

    @Test
    @Order(6)
    void theSearchPreviewSaysItListsTheFirstHitsOnly() {
        tab("search");
        WebElement index = find("search-index");
        index.clear();
        index.sendKeys("many", Keys.TAB);
        waiting.until(ExpectedConditions.attributeToBe(By.id("search-stats"), "data-nb-hits", "57"));
        assertThat(find("search-stats").getText()).matches("57 hits in [0-9]+ ms, the first 10 shown");
        assertThat(browser.findElements(By.cssSelector("#search-hits li"))).hasSize(10);
        find("search-query").sendKeys("nowhere");
        waiting.until(ExpectedConditions.attributeToBe(By.id("search-stats"), "data-query", "nowhere"));
        assertThat(find("search-stats").getText()).matches("0 hits in [0-9]+ ms");
    }

    @SuppressWarnings("unchecked")
    private static List<String> landings() {
        return (List<String>) browser.executeScript("return window.landings");
    }

    /**
     * Has the view shown read anew at once, as it is when the browser's tab comes back into sight, rather than a
     * second after its last read (as ConsoleBrowserTest does).
     */
    private static void refreshNow() {
        browser.executeScript("const hide = hidden => {"
                + " Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });"
                + " Object.defineProperty(document, 'visibilityState', { configurable: true,"
                + " get: () => hidden ? 'hidden' : 'visible' });"
                + " document.dispatchEvent(new Event('visibilitychange')); };"
                + " hide(true); hide(false);");
    }

    private static long counted(String name) {
        return ((Number) browser.executeScript("return window." + name)).longValue();
    }

    /** Loads the console anew at the fragment given, as a link followed in the tab (signed in still). */
    private static void follow(String fragment) {
        browser.get("about:blank");
        browser.get(server.url() + "/_mock/console" + fragment);
    }

    /** Opens an index's detail from its row's button in the page of the list shown. */
    private static void openFromThisPage(String name) {
        waiting.until(ExpectedConditions.elementToBeClickable(
                        By.cssSelector("#indices-table tr[data-index='" + name + "'] button")))
                .sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("index-detail-name"), name));
        answered();
    }

    /** Opens an index's detail from its row's button in the list's first page. */
    private static void openIndex(String name) {
        waiting.until(
                driver -> { // a page at a time, as long as it takes to answer (not for ever)
                    answered();
                    if (find("indices-page").getText().startsWith("page 1 ")) {
                        return true;
                    }
                    find("indices-previous").click();
                    return false;
                });
        openFromThisPage(name);
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

    /**
     * The list's Previous and Next, each unavailable or not (aria-disabled) as the page has them and as assistive
     * technology is told, and each focusable whatever its state: never disabled, which would drop the focus.
     */
    private static void assertPager(String list, boolean firstPage, boolean lastPage) {
        assertThat(List.of(unavailable(list + "-previous"), unavailable(list + "-next")))
                .as("Previous and Next of " + list + " unavailable, in the page and to assistive technology;"
                        + " focusable")
                .containsExactly(List.of(firstPage, firstPage, true), List.of(lastPage, lastPage, true));
    }

    /**
     * Presses the focused page button, said to be unavailable, with the keyboard (Enter, Space) and the mouse: the list
     * asks for no page (no call to the path pattern given), is not busy, still says the page it showed, and the focus
     * stays on the button.
     */
    private static void pressedInVain(String busyId, String button, String path, String page) {
        hold(path);
        browser.switchTo().activeElement().sendKeys(Keys.ENTER);
        browser.switchTo().activeElement().sendKeys(Keys.SPACE);
        find(button).click();
        // the press's handler runs as the key and the click are dispatched: a page asked for would be under way now
        assertThat(counted("held")).as("calls made by pressing " + button).isZero();
        assertThat(find(busyId).getDomAttribute("aria-busy")).isNull();
        release();
        assertThat(find(button.replaceFirst("-(previous|next)$", "-page")).getText())
                .isEqualTo(page);
        assertThat(focused()).isEqualTo(button);
    }

    /**
     * {@return whether the button is said to be unavailable in the page and in the accessibility tree Chromium
     * exposes, and whether it is enabled (focusable)}
     */
    @SuppressWarnings("unchecked")
    private static List<Boolean> unavailable(String id) {
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
        return List.of("true".equals(find(id).getDomAttribute("aria-disabled")), told, find(id).isEnabled());
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
