package io.quarry.mockserver.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockServer;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.InstanceOfAssertFactories;
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
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console in a real browser against an embedded server of two hosts, one sign-in for the whole class, each view
 * in turn (the order matters: the journal shows the application's search made beside the console's). Each view's screenshot is written to
 * {@code target/console-screenshots}, or to the folder {@code -Dquarry.console.screenshots} names (the README's are
 * made with {@code -Dquarry.console.screenshots=docs/console}).
 */
@Tag("browser")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
// Alone: it drives one Chromium, alone, as before classes ran beside each other.
@Isolated
class ConsoleBrowserTest {

    private static final String ADMIN_KEY = "browser-admin-key-7f3a9c21d4e8";
    private static final Duration PATIENCE = Duration.ofSeconds(20);
    /** How long a wait for what a heavy page does draws out before it counts as a hang (the machine may be loaded). */
    private static final Duration HANG_GUARD = Duration.ofMinutes(4);

    private static final String SEED = """
            {"indices": {"products": {
              "settings": {"searchableAttributes": ["name", "brand"], "attributesForFaceting": ["brand", "category"]},
              "records": [
                {"objectID": "1", "name": "Aurora phone 12", "brand": "Acme", "category": "phones", "price": 499},
                {"objectID": "2", "name": "Aurora phone 13 mini", "brand": "Acme", "category": "phones", "price": 599},
                {"objectID": "3", "name": "Nimbus phone X", "brand": "Globex", "category": "phones", "price": 699},
                {"objectID": "4", "name": "Nimbus phone case", "brand": "Globex", "category": "cases", "price": 19},
                {"objectID": "5", "name": "Orbit phone charger", "brand": "Initech", "category": "chargers", "price": 29},
                {"objectID": "6", "name": "Orbit laptop 14", "brand": "Initech", "category": "laptops", "price": 999},
                {"objectID": "7", "name": "Aurora tablet", "brand": "Acme", "category": "tablets", "price": 399}
              ]}},
             "keys": [{"value": "storefront-search-key-5b81e0c2", "acl": ["search"], "description": "storefront"}]}
            """;

    /** What the faults view says of the server-wide rules when there is none. */
    private static final String NO_RULE = "None: every request is answered as usual.";

    /** An index whose name, objectID and members are markup, one member of 1 MB (made by the last test). */
    private static final String HOSTILE_INDEX = "<img src=x onerror=window.pwned=1>";

    @TempDir
    static Path profile;

    private static MockServer server;
    private static ChromeDriver browser;
    private static WebDriverWait waiting;
    private static Path screenshots;

    @BeforeAll
    static void start() throws IOException {
        String missing = Chromium.missing();
        if (missing != null) {
            System.out.println(missing);
        }
        Assumptions.assumeTrue(missing == null, missing);
        // tasks stay pending a moment, so that the tasks view shows one come and go
        server = MockServer.builder()
                .adminKey(ADMIN_KEY)
                .hosts(2)
                .seedJson(SEED)
                .taskDelay(Duration.ofSeconds(2))
                .start();
        browser = Chromium.start(profile);
        waiting = new WebDriverWait(browser, PATIENCE);
        // the views that refresh every second make their rows anew: a row found may be gone the next moment
        waiting.ignoring(StaleElementReferenceException.class);
        // Checked every 100 ms, not the 500 ms Selenium waits by default: most of what the tests wait for (an answer
        // drawn, a view read) is there within a moment, and a wait found unmet at its first check slept 500 ms
        // whatever came meanwhile (one in nine waits did: 58 of 457 at 500 ms). A check is one script or lookup in
        // the page, a few of them a second for the few waits that last seconds.
        waiting.pollingEvery(Duration.ofMillis(100));
        screenshots = Path.of(System.getProperty("quarry.console.screenshots", "target/console-screenshots"));
        Files.createDirectories(screenshots);
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
    void refusesAWrongKeyThenSignsInWithTheAdminKey() {
        browser.get(server.url() + "/_mock/console");
        waiting.until(ExpectedConditions.attributeToBeNotEmpty(find("app-id"), "value"));
        signIn("not-a-key");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("sign-in-error"), "refused"));
        assertThat(find("tabs").isDisplayed()).isFalse();

        signIn(ADMIN_KEY);
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
        assertThat(browser.getCurrentUrl()).doesNotContain(ADMIN_KEY);
    }

    @Test
    @Order(2)
    void showsEachIndexWithItsRecordCount() throws IOException {
        By count = By.cssSelector("#indices-table tr[data-index='products'] td.count");
        waiting.until(ExpectedConditions.textToBe(count, "7"));
        // numbers grouped by thousands and times in UTC, said so, in every view
        assertThat(browser.findElement(By.cssSelector("#indices-table tr[data-index='products'] td.time"))
                        .getText())
                .matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC");
        assertThat(browser.findElement(By.cssSelector("#indices-table tr[data-index='products'] td:nth-child(3)"))
                        .getText())
                .matches("\\d{1,3}(,\\d{3})*");
        browser.findElement(By.cssSelector("#indices-table tr[data-index='products']"))
                .click();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("index-records"), "Aurora"));
        assertThat(find("index-settings").getText()).contains("attributesForFaceting");
        assertThat(find("records-page").getAriaRole())
                .as("the page of records said as it turns")
                .isEqualTo("status");
        screenshot("indices");
    }

    @Test
    @Order(3)
    void searchesAsTheUserTypesAndFiltersByAClickedFacet() throws IOException {
        tab("search");
        waiting.until(ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("#search-index-names option[value='products']")));
        // the index suggested is searched at once with no query: its records shown before any key is pressed
        assertThat(find("search-index").getDomProperty("value")).isEqualTo("products");
        waiting.until(ExpectedConditions.attributeToBe(By.id("search-stats"), "data-nb-hits", "7"));
        typeIndex("products");
        find("search-query").sendKeys("phone");
        waiting.until(ExpectedConditions.attributeToBe(By.id("search-stats"), "data-nb-hits", "5"));
        assertThat(find("search-stats").getAriaRole())
                .as("the hits said as the query is typed")
                .isEqualTo("status");
        WebElement highlighted =
                waiting.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#search-hits mark")));
        assertThat(highlighted.getText()).isEqualToIgnoringCase("phone");
        By acme = By.cssSelector("#search-facets button.facet[data-facet='brand'][data-value='Acme']");
        assertThat(waiting.until(ExpectedConditions.visibilityOfElementLocated(acme))
                        .getText())
                .contains("2");
        assertThat(find("search-request").getText())
                .contains("\"query\": \"phone\"")
                .as("the request sent, the header marking it the console's own included")
                .contains("X-Mock-Console: read")
                .doesNotContain(ADMIN_KEY);

        assertThat(browser.findElement(acme).getDomAttribute("aria-pressed")).isEqualTo("false");
        browser.findElement(acme).click();
        waiting.until(ExpectedConditions.attributeToBe(By.id("search-stats"), "data-nb-hits", "2"));
        // the filter on is told as a toggle pressed, not by its weight and colour alone
        waiting.until(ExpectedConditions.attributeToBe(acme, "aria-pressed", "true"));
        screenshot("search");
    }

    @Test
    @Order(4)
    void journalsTheApplicationsSearchWithItsStatusAndNoKeyButNoneOfTheConsolesOwn() throws IOException {
        send("POST", "/1/indexes/products/query", "{\"query\":\"phone\"}");
        tab("journal");
        By search = By.xpath("//table[@id='journal-table']//tr[td[contains(., '/1/indexes/products/query')]"
                + " and td[contains(@class, 'status') and .='200']]");
        By caller = By.xpath("//table[@id='journal-table']//tr[td[contains(., '/1/indexes/products/query')]"
                + " and td[contains(@class, 'status') and .='200']]/td[contains(@class, 'caller')]");
        assertThat(waiting.until(
                        (WebDriver driver) -> driver.findElement(caller).getText()))
                .isEqualTo("admin key");
        waiting.until(driver -> {
            driver.findElement(search).click();
            return true;
        });
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("journal-request-body"), "phone"));
        assertThat(browser.getPageSource()).doesNotContain(ADMIN_KEY);
        assertThat(browser.findElements(By.xpath("//table[@id='journal-table']//td[contains(., 'favicon')]")))
                .as("the browser asks for no icon, which the journal would show as a request")
                .isEmpty();
        assertThat(browser.findElements(By.xpath("//table[@id='journal-table']//td[starts-with(., '/1/indexes')]")))
                .as("the application's search alone: the console's own (the preview's, the records', the index list"
                        + " and settings) are not its traffic")
                .extracting(WebElement::getText)
                .containsExactly("/1/indexes/products/query");
        screenshot("journal");
    }

    @Test
    @Order(5)
    void aPerHostFaultFailsTheNextRequestThereAndTheJournalShowsIt() throws Exception {
        tab("faults");
        // the view's reads counted as the page makes them, with how many were under way at once
        browser.executeScript("window.faultReads = 0; window.faultReading = 0; window.mostFaultReading = 0;"
                + " const fetched = window.fetch; window.fetch = async (...args) => {"
                + " if (!/^\\/_mock\\/(faults|hosts)$/.test(String(args[0]))) return fetched(...args);"
                + " window.faultReads++;"
                + " window.mostFaultReading = Math.max(window.mostFaultReading, ++window.faultReading);"
                + " try { return await fetched(...args); } finally { window.faultReading--; } };");
        refreshNow();
        waiting.until(driver -> counted("faultReads") >= 2); // a refresh: sequential reads would count 1 at most so far
        assertThat(counted("mostFaultReading"))
                .as("each refresh reads the rules and the hosts together, not one after the other")
                .isEqualTo(2);
        waiting.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#fault-host option[value='1']")));
        new Select(find("fault-host")).selectByValue("1");
        new Select(find("fault-host-mode")).selectByValue("next");
        new Select(find("fault-host-type")).selectByVisibleText("status");
        find("fault-host-status").clear();
        find("fault-host-status").sendKeys("503");
        find("fault-host-add").click();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                By.cssSelector("#hosts-table tr[data-host='1']"), "503"));
        // the change said once made: the list changing in place says nothing to a screen reader
        waiting.until(ExpectedConditions.textToBe(
                By.id("fault-host-done"), "Added: host 1 answers HTTP 503 for the next request."));
        assertThat(find("fault-host-done").getAriaRole()).isEqualTo("status");
        screenshot("faults");

        assertThat(searchOnSecondHost()).isEqualTo(503);
        tab("journal");
        By faulted = By.xpath("//table[@id='journal-table']//tr[td[contains(@class, 'status') and .='503']"
                + " and td/span[@class='fault' and .='status']]");
        waiting.until(ExpectedConditions.visibilityOfElementLocated(faulted));
        assertThat(waiting.until(
                        (WebDriver driver) -> driver.findElement(faulted).getText()))
                .contains("/1/indexes/products/query");
        assertThat(browser.findElements(By.xpath(
                        "//table[@id='journal-table']//tr[td[.='GET']" + " and td[starts-with(., '/_mock/')]]")))
                .as("the faults view's reads of the fault rules, made every second, are not journaled")
                .isEmpty();
    }

    @Test
    @Order(6)
    void chartsDrawTheRecentTraffic() throws IOException {
        tab("charts");
        waiting.until(driver -> Integer.parseInt(
                        driver.findElement(By.id("chart-status")).getDomAttribute("data-points") == null
                                ? "0"
                                : driver.findElement(By.id("chart-status")).getDomAttribute("data-points"))
                > 0);
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("legend-indices"), "products"));
        assertThat(find("chart-status").getDomAttribute("aria-label"))
                .as("what the chart draws, in words")
                .startsWith("Requests per second by status class, the last 300 seconds. 2xx: ")
                .contains("at most");
        assertThat(browser.executeScript("const figure = document.createElement('figure');"
                        + " const canvas = document.createElement('canvas'), legend = document.createElement('div');"
                        + " figure.append(document.createElement('figcaption'), canvas);"
                        + " QuarryCharts.draw(canvas, [{name: 'one', values: [1]}, {name: 'two', values: [2]}], legend);"
                        + " const one = legend.querySelector('i').style.background;"
                        + " QuarryCharts.draw(canvas, [{name: 'two', values: [3]}, {name: 'one', values: [1]}], legend);"
                        + " return legend.querySelectorAll('i')[1].style.background === one;"))
                .as("an index's line keeps its colour when the busiest come in another order")
                .isEqualTo(true);
        assertThat(browser.executeScript("const figure = document.createElement('figure');"
                        + " const canvas = document.createElement('canvas');"
                        + " figure.append(document.createElement('figcaption'), canvas);"
                        + " QuarryCharts.draw(canvas, [{name: 'one', values: [1]}]);"
                        + " return canvas.getAttribute('aria-label');"))
                .as("one second, not \"1 seconds\"")
                .isEqualTo(", the last second. one: 1 now, 1 at most.");
        screenshot("charts");
    }

    @Test
    @Order(7)
    void listsKeysWithTheirRightsAndMaskedValues() throws IOException {
        tab("access");
        By storefront = By.xpath("//table[@id='keys-table']//tr[td[.='storefront']]");
        WebElement row = waiting.until(ExpectedConditions.visibilityOfElementLocated(storefront));
        assertThat(row.getText()).contains("search").contains("••••").doesNotContain("storefront-search-key-5b81e0c2");
        assertThat(browser.getPageSource())
                .doesNotContain("storefront-search-key-5b81e0c2")
                .doesNotContain(ADMIN_KEY);
        screenshot("tasks-and-keys");

        send(
                "POST",
                "/1/indexes/products/batch",
                "{\"requests\":[{\"action\":\"deleteObject\",\"body\":{\"objectID\":\"404\"}}]}");
        By pending = By.cssSelector("#tasks-table tbody tr");
        waiting.until(ExpectedConditions.visibilityOfElementLocated(pending)); // shown without opening the view again
        waiting.until(ExpectedConditions.numberOfElementsToBe(pending, 0)); // and gone once published
    }

    @Test
    @Order(8)
    void keyboardAloneOpensAnIndexAndAJournalEntryAndKeepsItsPlaceWhileTheJournalRefreshes() throws IOException {
        tab("indices");
        WebElement products = waiting.until(ExpectedConditions.elementToBeClickable(
                By.cssSelector("#indices-table tr[data-index='products'] button")));
        products.sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("index-records"), "Aurora"));
        assertThat(browser.switchTo().activeElement().getDomAttribute("id")).isEqualTo("index-detail-name");

        tab("journal");
        By firstRow = By.cssSelector("#journal-table tbody tr");
        waiting.until(ExpectedConditions.visibilityOfElementLocated(firstRow));
        // the journal makes its rows anew every second: a row found may be gone the next moment
        String seq = waiting.until(driver -> driver.findElement(firstRow).getDomAttribute("data-seq"));
        By opens = By.cssSelector("#journal-table tr[data-seq='" + seq + "'] button");
        String path = waiting.until(
                driver -> driver.findElement(By.cssSelector("#journal-table tr[data-seq='" + seq + "'] td.path"))
                        .getText());
        waiting.until(driver -> {
            driver.findElement(opens).sendKeys(Keys.SPACE);
            return true;
        });
        waiting.until(driver ->
                "journal-detail-title".equals(driver.switchTo().activeElement().getDomAttribute("id")));
        assertThat(find("journal-detail-title").getText()).contains(path);
        // back on the row's button, in one script: the journal makes its rows anew every second
        WebElement opener = (WebElement) browser.executeScript(
                "document.querySelector(arguments[0]).focus(); return document.activeElement;",
                "#journal-table tr[data-seq='" + seq + "'] button");
        // a request more: the journal's next refresh makes its rows anew, a row above the entry's
        send("POST", "/1/indexes/products/query", "{\"query\":\"aurora\"}");
        refreshNow();
        waiting.until(ExpectedConditions.stalenessOf(opener)); // the journal refreshed
        WebElement focused = browser.switchTo().activeElement();
        assertThat(focused.getTagName()).isEqualTo("button");
        assertThat(focused.findElement(By.xpath("ancestor::tr")).getDomAttribute("data-seq"))
                .as("the focus stays on the same entry's button through a refresh")
                .isEqualTo(seq);
    }

    @Test
    @Order(9)
    void aKeyThatMayNotListTheIndicesTypesTheIndexToSearch() throws IOException {
        find("sign-out").click();
        signIn("storefront-search-key-5b81e0c2");
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
        tab("search");
        waiting.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("search-index-note"), "type an index name"));
        assertThat(browser.findElements(By.cssSelector("#search-index-names option")))
                .isEmpty();
        typeIndex("products");
        WebElement query = find("search-query");
        query.clear();
        query.sendKeys("orbit");
        waiting.until(ExpectedConditions.attributeToBe(By.id("search-stats"), "data-nb-hits", "2"));
        assertThat(find("search-error").getText()).isEmpty();

        tab("journal");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("journal-error"), "logs right"));
        tab("charts");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("charts-error"), "logs right"));
        tab("indices");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("indices-error"), "listIndexes right"));
        assertThat(browser.findElements(By.cssSelector("#indices-table tbody tr")))
                .as("nothing the admin key was shown before signing out stays")
                .isEmpty();
        assertThat(find("index-detail").isDisplayed()).isFalse();

        send("DELETE", "/1/keys/storefront-search-key-5b81e0c2", "");
        tab("access");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("access-error"), "the key may have been deleted, or the server reset or restarted"));
    }

    @Test
    @Order(10)
    void anAnswerThatIsNotJsonOrNoAnswerIsSaidSo() {
        find("sign-out").click();
        signIn(ADMIN_KEY);
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
        tab("search");
        typeIndex("products");
        find("search-query").click(); // the index changed: searched at once
        answered();
        server.faults().next(1, "POST", "/1/indexes/products/query", Fault.nonJsonBody());
        find("search-query").sendKeys("a");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("search-error"), "not JSON"));
        assertThat(find("search-error").getText()).contains("HTTP 200", "scripted fault");

        // more than once: a browser sends a request again when a connection it reused (it keeps up to six) closes
        // without an answer
        server.faults().next(8, "POST", "/1/indexes/products/query", Fault.closeBeforeResponse());
        find("search-query").sendKeys("b");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("search-error"), "did not answer: it closed or refused the connection"));
        server.faults().clear();
    }

    @Test
    @Order(11)
    void showsMarkupAsTextRunsNoneOfItAndCutsLongValuesAndLongLists() throws IOException {
        seedHostileIndices(); // late, so the screenshots show the products alone
        tab("indices");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("indices-page"), "page 1 of 2"));
        assertThat(browser.findElements(By.cssSelector("#indices-table tbody tr")))
                .hasSize(100);
        WebElement hostile =
                browser.findElement(By.cssSelector("#indices-table tr[data-index=\"" + HOSTILE_INDEX + "\"]"));
        assertThat(hostile.getText()).contains(HOSTILE_INDEX);
        hostile.click();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("index-records"), "more characters"));
        String records = find("index-records").getText();
        assertThat(records).contains("</script><script>window.pwned=2</script>").hasSizeLessThan(20_000);

        tab("search");
        typeIndex(HOSTILE_INDEX);
        WebElement query = find("search-query");
        query.clear(); // the index changed: searched at once, with the query there was
        answered();
        // the page's searches counted as it makes them, with how many were under way at once; the first held back
        // until the test lets it go, so that every keystroke comes while it is under way
        browser.executeScript("window.searches = 0; window.searching = 0; window.mostSearching = 0;"
                + " window.held = new Promise(resolve => { window.letGo = resolve; });"
                + " const fetched = window.fetch; window.fetch = async (...args) => {"
                + " if (!/\\/query$/.test(String(args[0]))) return fetched(...args);"
                + " window.searches++; window.mostSearching = Math.max(window.mostSearching, ++window.searching);"
                + " try { await window.held; return await fetched(...args); } finally { window.searching--; } };");
        query.sendKeys("onerror");
        waiting.until(driver -> "onerror".equals(find("search-query").getDomProperty("value")));
        long sentWhileHeld = counted("searches");
        browser.executeScript("window.letGo()"); // before asserting, so that a failure leaves the page usable
        assertThat(sentWhileHeld)
                .as("seven keystrokes while the first search is under way: that search alone sent")
                .isEqualTo(1);
        // each keystroke's answer holds the 1 MB member twice: under a load of 16 to 42 on two cores the seven took
        // more than 20 s. The wait is on the page's own signal (no call under way, and the hits drawn for the query
        // typed or an error shown), the time only a guard against a hang; a timeout says what the page showed
        new WebDriverWait(browser, HANG_GUARD)
                .ignoring(StaleElementReferenceException.class)
                .withMessage(() -> "search error: \"" + find("search-error").getText() + "\", index: \""
                        + find("search-index").getDomProperty("value") + "\", query: \""
                        + find("search-query").getDomProperty("value") + "\", drawn for: \""
                        + find("search-stats").getDomAttribute("data-query") + "\", calls under way: "
                        + find("views").getDomAttribute("data-pending"))
                .until(driver -> "0".equals(find("views").getDomAttribute("data-pending"))
                        && ("onerror".equals(find("search-stats").getDomAttribute("data-query"))
                                || !find("search-error").getText().isEmpty()));
        assertThat(find("search-error").getText()).isEmpty();
        assertThat(find("search-stats").getDomAttribute("data-nb-hits")).isEqualTo("3");
        assertThat(counted("searches"))
                .as("once the first search ended, the query typed since sent, once")
                .isEqualTo(2);
        assertThat(counted("mostSearching"))
                .as("one search under way at a time")
                .isEqualTo(1);
        String hits = waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("search-hits"), "more"))
                ? find("search-hits").getText()
                : "";
        assertThat(hits).contains("onerror=window.pwned=3", "<mark>fake</mark>").hasSizeLessThan(20_000);
        assertThat(browser.findElements(By.cssSelector("#search-hits mark")))
                .as("only the matched word is highlighted, not a record's own <mark>")
                .extracting(WebElement::getText)
                .isNotEmpty()
                .allSatisfy(text -> assertThat(text).isEqualToIgnoringCase("onerror"));
        By minusOne = By.cssSelector("#search-facets button.facet[data-facet='sign'][data-value='-1']");
        waiting.until(ExpectedConditions.elementToBeClickable(minusOne)).click();
        waiting.until(ExpectedConditions.attributeToBe(minusOne, "class", "facet selected"));
        assertThat(find("search-stats").getDomAttribute("data-nb-hits"))
                .as("a clicked value starting with '-' filters by that value, not out")
                .isEqualTo("1");
        assertThat(find("search-stats").getText()).as("one hit, not \"1 hits\"").startsWith("1 hit in ");
        assertThat(browser.executeScript("return typeof window.pwned === 'undefined'"
                        + " && document.querySelectorAll('#views img, #views script').length === 0"))
                .as("no markup of the data became an element, no handler ran")
                .isEqualTo(true);

        tab("journal");
        waiting.until(ExpectedConditions.elementToBeClickable(
                        By.xpath("//table[@id='journal-table']//tr[td[.='/1/indexes/*/batch']]//button")))
                .click();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("journal-request-body"), "… (the first 2,000 bytes of 1,00"));
    }

    @Test
    @Order(12)
    void saysTheJournalListsItsNewestRowsOnly() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < 200; i++) {
            HttpRequest read = HttpRequest.newBuilder(URI.create(server.url() + "/1/indexes/products/settings"))
                    .header("X-Service-Application-Id", server.applicationId())
                    .header("X-Service-API-Key", ADMIN_KEY)
                    .build();
            assertThat(http.send(read, HttpResponse.BodyHandlers.discarding()).statusCode())
                    .isEqualTo(200);
        }
        tab("journal");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("journal-shown"), "Only the newest 200 are listed"));
        assertThat(browser.findElements(By.cssSelector("#journal-table tbody tr")))
                .hasSize(200);
    }

    @Test
    @Order(13)
    void anIndexClickedLaterIsShownThoughAnEarlierOnesSettingsComeBackAfterIt() throws IOException {
        tab("indices");
        // the products' settings held until zz-1's records are shown: the earlier click's answer comes back last
        browser.executeScript("window.settingsHeld = new Promise(resolve => { window.letSettingsGo = resolve; });"
                + " const fetched = window.fetch; window.fetch = async (...args) => {"
                + " if (/\\/indexes\\/products\\/settings$/.test(String(args[0]))) await window.settingsHeld;"
                + " return fetched(...args); };");
        try {
            By products = By.cssSelector("#indices-table tr[data-index='products'] button");
            waiting.until(ExpectedConditions.elementToBeClickable(products)).click();
            browser.findElement(By.cssSelector("#indices-table tr[data-index='zz-1'] button"))
                    .click();
            waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("index-records"), "\"n\": 1"));
        } finally {
            browser.executeScript("window.letSettingsGo()");
        }
        // every answer shown, the products' settings included
        answered();
        assertThat(find("index-detail-name").getText()).isEqualTo("zz-1");
        assertThat(find("index-settings").getText())
                .as("the settings shown are zz-1's, not those of products that came back later")
                .doesNotContain("attributesForFaceting");

        send("DELETE", "/1/indexes/zz-1", "");
        tab("search");
        tab("indices");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("index-settings"), "does not exist"));
    }

    @Test
    @Order(14)
    void theFaultFormsTakeABoundedDelayNameAFieldInErrorAndEncodeThePathAsClientsSendIt() throws Exception {
        tab("faults");
        waiting.until(ExpectedConditions.textToBe(By.id("faults-server"), NO_RULE));
        new Select(find("fault-server-type")).selectByVisibleText("delay");
        type("fault-server-path", "/nowhere");
        type("fault-server-delay", "70000");
        find("fault-server-add").click();
        waiting.until(ExpectedConditions.textToBe(
                By.id("fault-server-error"), "Delay (ms) must be a whole number from 1 to 60,000"));
        assertThat(find("fault-server-delay").getDomAttribute("aria-invalid")).isEqualTo("true");
        WebElement row = browser.findElement(By.cssSelector("#hosts-table tr[data-host='0']"));
        // a request to host 0 changes its count: the view's next refresh makes the row anew
        send("POST", "/1/indexes/products/query", "{}");
        refreshNow();
        waiting.until(ExpectedConditions.stalenessOf(row)); // the view refreshed
        assertThat(find("fault-server-error").getText())
                .as("the error stays shown through the view's refresh every second")
                .startsWith("Delay (ms) must be");
        assertThat(find("faults-server").getText()).as("nothing added").isEqualTo(NO_RULE);
        for (String count : new String[] {"", "0", "1.5", "1e400"}) {
            type("fault-server-delay", "1000");
            type("fault-server-count", count);
            browser.executeScript("document.getElementById('fault-server-error').textContent = ''");
            find("fault-server-add").click();
            waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                    By.id("fault-server-error"), "Count must be a whole number from 1 to 2,147,483,647"));
            assertThat(find("faults-server").getText()).as("count " + count).isEqualTo(NO_RULE);
        }

        type("fault-server-count", "1");
        type("fault-server-delay", "2500");
        find("fault-server-add").click();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("faults-server"), "answers as usual, 2,500 ms late"));
        assertThat(find("fault-server-error").getText()).isEmpty();
        find("fault-server-clear").click();
        waiting.until(ExpectedConditions.textToBe(By.id("faults-server"), NO_RULE));

        new Select(find("fault-server-type")).selectByVisibleText("status");
        type("fault-server-status", "502");
        type("fault-server-path", "/1/indexes/bücher <1>/query");
        find("fault-server-add").click();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("faults-server"), "/1/indexes/b%C3%BCcher%20%3C1%3E/query"));
        HttpRequest search = HttpRequest.newBuilder(URI.create(server.url() + "/1/indexes/b%C3%BCcher%20%3C1%3E/query"))
                .header("X-Service-Application-Id", server.applicationId())
                .header("X-Service-API-Key", ADMIN_KEY)
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build();
        assertThat(HttpClient.newHttpClient()
                        .send(search, HttpResponse.BodyHandlers.discarding())
                        .statusCode())
                .as("the rule typed with the index's own name matches the path as a client sends it")
                .isEqualTo(502);
        find("fault-server-clear").click();
        waiting.until(ExpectedConditions.textToBe(By.id("faults-server"), NO_RULE));
    }

    @Test
    @Order(15)
    void theJournalsPathFilterFindsAPathTypedWithAnIndexsOwnName() {
        tab("journal");
        type("journal-path", "bücher <1>/");
        By rows = By.cssSelector("#journal-table tbody tr");
        waiting.until(ExpectedConditions.numberOfElementsToBe(rows, 1));
        assertThat(browser.findElement(By.cssSelector("#journal-table tbody tr td.path"))
                        .getText())
                .isEqualTo("/1/indexes/b%C3%BCcher%20%3C1%3E/query");
        type("journal-path", "/no-request-has-this-path");
        waiting.until(ExpectedConditions.textToBe(By.id("journal-shown"), "No request matches these filters."));
        type("journal-path", "");
    }

    @Test
    @Order(16)
    void aKeyWithACharacterNoHeaderCarriesOrRestrictedToReferersIsRefusedSayingWhy() throws Exception {
        find("sign-out").click();
        signIn("key-€uro"); // beyond Latin-1: the browser refuses to send it, as if the server did not answer
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("sign-in-error"), "The API key holds “€”: API keys hold printable ASCII characters only"));
        assertThat(find("sign-in-error").getText()).doesNotContain("did not answer");
        signIn(createKey("{\"acl\":[\"search\"],\"referers\":[\"https://shop.example/*\"]}"));
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("sign-in-error"), "the console sends no Referer header: sign in with a key not restricted"));
        signIn("  " + ADMIN_KEY + " ");
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
    }

    @Test
    @Order(17)
    void aKeyRestrictedToIndicesIsChartedTheLinesOfItsIndicesAlone() throws Exception {
        String key = createKey("{\"acl\":[\"logs\"],\"indexes\":[\"products\"]}");
        send("POST", "/1/indexes/products/query", "{}");
        find("sign-out").click();
        signIn(key);
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
        tab("charts");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("charts-scope"), "own indices only"));
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("legend-indices"), "products"));
        assertThat(find("figure-status").isDisplayed()).isFalse();
        assertThat(find("figure-duration").isDisplayed()).isFalse();
        find("sign-out").click();
        signIn(ADMIN_KEY);
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
        tab("charts");
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("figure-status")));
        assertThat(find("charts-scope").getText()).isEmpty();
    }

    @Test
    @Order(25)
    void aViewRefusedToTheKeyIsNotAskedAgainEverySecond() throws Exception {
        String key = createKey("{\"acl\": [\"search\"]}");
        find("sign-out").click();
        signIn(key);
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
        tab("journal");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("journal-error"), "logs right"));
        browser.executeScript(
                "window.refusedCalls = 0; const fetched = window.fetch;"
                        + " window.fetch = (...args) => { window.refusedCalls++; return fetched(...args); };"
                        + " window.refusedTicks = 0; window.refusedTicker = setInterval(() => { window.refusedTicks++; }, 1000);");
        // three seconds of the page's own clock, each of which a refresh would have come in
        waiting.until(driver -> counted("refusedTicks") >= 3);
        browser.executeScript("clearInterval(window.refusedTicker)");
        assertThat(counted("refusedCalls"))
                .as("the journal refused to the key: not read again until opened again")
                .isZero();
        tab("journal");
        waiting.until(driver -> counted("refusedCalls") == 1);
        assertThat(find("journal-error").getText()).contains("logs right");
        find("sign-out").click();
        signIn(ADMIN_KEY);
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
    }

    @Test
    @Order(26)
    void aViewShownWhileAnotherViewsReadIsUnderWayGoesOnPollingWhenTheTabIsShownAgain() {
        tab("charts");
        // the charts' reads held until the test lets them go; the tasks' counted
        browser.executeScript("window.heldCharts = 0; window.taskReads = 0;"
                + " window.chartsHeld = new Promise(resolve => { window.letChartsGo = resolve; });"
                + " const fetched = window.fetch; window.fetch = async (...args) => {"
                + " if (/\\/api\\/traffic/.test(String(args[0]))) { window.heldCharts++; await window.chartsHeld; }"
                + " if (/\\/api\\/tasks$/.test(String(args[0]))) window.taskReads++;"
                + " return fetched(...args); };");
        try {
            waiting.until(driver -> counted("heldCharts") >= 1);
            browser.findElement(By.cssSelector("#tabs button[data-view='access']"))
                    .click();
            waiting.until(driver -> counted("taskReads") >= 1);
            browser.executeScript("const hide = hidden => {"
                    + " Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });"
                    + " Object.defineProperty(document, 'visibilityState', { configurable: true,"
                    + " get: () => hidden ? 'hidden' : 'visible' });"
                    + " document.dispatchEvent(new Event('visibilitychange')); };"
                    + " hide(true); hide(false);");
            long then = counted("taskReads");
            waiting.until(driver -> counted("taskReads") >= then + 2);
        } finally {
            browser.executeScript("window.letChartsGo()");
        }
    }

    @Test
    @Order(27)
    void aJournalEntrysTimeStaysOnOneLineBesideALongPath() throws IOException {
        send(
                "POST",
                "/1/indexes/" + "long-path-".repeat(30) + "/batch",
                "{\"requests\": [{\"action\": \"addObject\", \"body\": {}}]}");
        tab("journal");
        By time = By.xpath("//table[@id='journal-table']//tr[td[contains(., 'long-path-long-path-')]]//button");
        waiting.until(ExpectedConditions.presenceOfElementLocated(time));
        assertThat(browser.executeScript("const lines = node => { const range = document.createRange();"
                        + " range.selectNodeContents(node); return range.getClientRects().length; };"
                        + " return Array.from(document.querySelectorAll('#journal-table tbody tr'))"
                        + ".every(row => lines(row.querySelector('button')) === 1);"))
                .as("each time of day read as one number, not broken inside it (\"06:11:2\" above \"5.505\")")
                .isEqualTo(true);
    }

    @Test
    @Order(28)
    void aKeyRefusedTheFaultsAndTheKeysIsOfferedNoFormOrPageItCannotUseAndAnEmptyChartSaysWhy() throws Exception {
        String key = createKey("{\"acl\": [\"search\", \"logs\"], \"indexes\": [\"quiet\"]}");
        find("sign-out").click();
        signIn(key);
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
        tab("faults");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("faults-error"), "admin API key"));
        assertThat(find("fault-server-form").isDisplayed()
                        || find("fault-host-form").isDisplayed())
                .as("forms the key could only be refused again with")
                .isFalse();
        tab("access");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("keys-error"), "admin key"));
        assertThat(find("keys-next").isDisplayed())
                .as("no page of keys to turn to")
                .isFalse();
        tab("charts");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("empty-indices"), "None of this key's indices had a request in the last five minutes"));

        find("sign-out").click();
        signIn(ADMIN_KEY);
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
        tab("faults");
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("fault-server-form")));
        tab("access");
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("keys-next")));
        tab("charts");
        assertThat(find("empty-status").getText()).isEmpty();
        assertThat(browser.executeScript("QuarryViews.charts.whole({byStatus: {'2xx': [0], '3xx': [0], '4xx': [0],"
                        + " '5xx': [0], none: [0]}, p50Ms: [null], p99Ms: [null], unanswered: {}});"
                        + " return document.getElementById('empty-status').textContent;"))
                .as("a server not yet asked anything: the chart says why it is flat")
                .asString()
                .startsWith("No request in the last five minutes");
    }

    @Test
    @Order(29)
    void aDetailClosesWithItsCloseButtonBackToItsRow() {
        tab("indices");
        waiting.until(ExpectedConditions.elementToBeClickable(
                        By.cssSelector("#indices-table tr[data-index='products'] button")))
                .click();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("index-records"), "Aurora"));
        find("index-detail-close").click();
        waiting.until(ExpectedConditions.invisibilityOfElementLocated(By.id("index-detail")));
        assertThat(browser.switchTo()
                        .activeElement()
                        .findElement(By.xpath("ancestor::tr"))
                        .getDomAttribute("data-index"))
                .as("the focus back on the button that opened the index")
                .isEqualTo("products");

        tab("journal");
        waiting.until(ExpectedConditions.elementToBeClickable(By.cssSelector("#journal-table tbody tr button")))
                .click();
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("journal-detail")));
        find("journal-detail-close").click();
        waiting.until(ExpectedConditions.invisibilityOfElementLocated(By.id("journal-detail")));
    }

    @Test
    @Order(18)
    void aSearchWithoutFacetsSaysWhy() throws IOException {
        send(
                "POST",
                "/1/indexes/no-facets/batch",
                "{\"requests\": [{\"action\": \"addObject\", \"body\": {\"name\": \"plain\"}}]}");
        tab("search");
        typeIndex("no-facets"); // no attributesForFaceting
        indexChanged();
        find("search-query").sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
        waiting.until(ExpectedConditions.attributeToBe(By.id("search-stats"), "data-nb-hits", "1"));
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("search-facets"), "the index sets no attributesForFaceting"));
    }

    @Test
    @Order(30)
    void theFaultFormsShowTheFieldsThatApplyToTheChoicesMade() {
        tab("faults");
        new Select(find("fault-server-type")).selectByVisibleText("delay");
        assertThat(find("fault-server-delay").isDisplayed()).isTrue();
        assertThat(find("fault-server-status").isDisplayed())
                .as("no status for a delay")
                .isFalse();
        new Select(find("fault-server-type")).selectByVisibleText("failAfterWrite");
        assertThat(find("fault-server-status").isDisplayed()).isTrue();
        assertThat(find("fault-server-delay").isDisplayed())
                .as("no delay but for a delay fault")
                .isFalse();

        new Select(find("fault-host-mode")).selectByValue("next");
        new Select(find("fault-host-type")).selectByVisibleText("status");
        assertThat(find("fault-host-count").isDisplayed()).isTrue();
        assertThat(find("fault-host-duration").isDisplayed())
                .as("the next requests: counted, not timed")
                .isFalse();
        assertThat(find("fault-host-status").isDisplayed()).isTrue();
        new Select(find("fault-host-mode")).selectByValue("refuseConnections");
        assertThat(find("fault-host-duration").isDisplayed()).isTrue();
        assertThat(find("fault-host-count").isDisplayed()
                        || find("fault-host-type").isDisplayed()
                        || find("fault-host-status").isDisplayed()
                        || find("fault-host-delay").isDisplayed())
                .as("a host refusing connections for a while: no count, and no fault to answer with")
                .isFalse();
        new Select(find("fault-host-mode")).selectByValue("next");
        new Select(find("fault-server-type")).selectByVisibleText("status");
    }

    @Test
    @Order(31)
    void eachFaultRuleReadsInWordsWhatItMatchesWhatItDoesAndHowMuchIsLeft() throws IOException {
        server.faults()
                .nextShare(2, 0.25, 42, "POST", "/1/indexes/*/query", Fault.status(429, Map.of("Retry-After", "1")));
        server.faults().next(3, "*", "/1/indexes/**", Fault.failAfterWrite(503).withDelay(Duration.ofMillis(200)));
        server.faults().share(0.5, 7, "GET", "/1/keys", Fault.closeBeforeResponse());
        server.hosts().get(1).faults().next(2, Fault.truncatedBody());
        try {
            tab("faults");
            By rules = By.cssSelector("#faults-server-table tbody tr");
            waiting.until(ExpectedConditions.numberOfElementsToBe(rules, 3));
            List<String> shown = waiting.until(driver ->
                    driver.findElements(rules).stream().map(WebElement::getText).toList());
            assertThat(shown)
                    .containsExactly(
                            "POST /1/indexes/*/query, 25% of them (drawn with seed 42) answers HTTP 429, with"
                                    + " Retry-After: 1 2 requests Remove",
                            "any method /1/indexes/** applies the write, then answers HTTP 503, 200 ms late 3 requests"
                                    + " Remove",
                            "GET /1/keys, 50% of them (drawn with seed 7) closes the connection without an answer"
                                    + " until cleared Remove");
            waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                    By.cssSelector("#hosts-table tr[data-host='1']"),
                    "answers with the first half of the body only, for the next 2 requests"));
            assertThat(find("view-faults").getText())
                    .as("no rule shown as JSON")
                    .doesNotContain("{")
                    .doesNotContain("\"");
            screenshot("faults");
        } finally {
            server.faults().clear();
            server.hosts().get(1).faults().clear();
        }
        waiting.until(ExpectedConditions.textToBe(By.id("faults-server"), NO_RULE));
    }

    @Test
    @Order(32)
    void theTabsMoveWithTheArrowKeysHomeAndEndAsTheTabsPatternHasIt() {
        tab("indices");
        find("tab-indices").click();
        String[] order = {"indices", "search", "journal", "faults", "charts", "access"};
        assertSelected("indices", order);
        // right to the next, round at the end; left to the previous, round at the start; Home and End
        for (String next : new String[] {"search", "journal", "faults", "charts", "access", "indices"}) {
            browser.switchTo().activeElement().sendKeys(Keys.ARROW_RIGHT);
            assertSelected(next, order);
        }
        browser.switchTo().activeElement().sendKeys(Keys.ARROW_LEFT);
        assertSelected("access", order);
        browser.switchTo().activeElement().sendKeys(Keys.ARROW_LEFT);
        assertSelected("charts", order);
        browser.switchTo().activeElement().sendKeys(Keys.HOME);
        assertSelected("indices", order);
        browser.switchTo().activeElement().sendKeys(Keys.END);
        assertSelected("access", order);
        answered();
    }

    @Test
    @Order(38)
    void holdingAnArrowKeyShowsEachTabItPassesAndReadsTheLastOneAlone() {
        tab("indices");
        browser.executeScript("window.paths = []; const fetched = window.fetch;"
                + " window.fetch = (...args) => { window.paths.push(String(args[0])); return fetched(...args); };");
        // held: its key pressed again and again (as a key repeats) before it is released, twice round the tabs
        Actions held = new Actions(browser);
        for (int i = 0; i < 14; i++) {
            held.keyDown(Keys.ARROW_RIGHT);
        }
        held.keyUp(Keys.ARROW_RIGHT).perform();
        assertSelected("journal", new String[] {"indices", "search", "journal", "faults", "charts", "access"});
        waiting.until(driver -> !paths().isEmpty());
        answered();
        assertThat(paths())
                .as("the reads made: the journal's (the tab the key was released on) and none of the tabs passed")
                .allSatisfy(path -> assertThat(path).startsWith("/_mock/console/api/journal?"));
    }

    @Test
    @Order(39)
    void theViewShownIsInTheUrlSoBackForwardAndReloadShowIt() {
        tab("faults");
        assertThat(browser.getCurrentUrl()).endsWith("/_mock/console#faults");
        tab("charts");
        browser.navigate().back();
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("view-faults")));
        assertThat(find("tab-faults").getDomAttribute("aria-selected")).isEqualTo("true");
        browser.navigate().forward();
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("view-charts")));

        browser.navigate().refresh();
        // signed in again from this tab's session, on the view the URL names, the keyboard on its tab
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("view-charts")));
        waiting.until(
                driver -> "tab-charts".equals(driver.switchTo().activeElement().getDomAttribute("id")));
        assertThat(browser.getCurrentUrl()).doesNotContain(ADMIN_KEY);
        // a tab passed with the arrow keys replaces the URL's view rather than adding a step for Back
        browser.switchTo().activeElement().sendKeys(Keys.ARROW_RIGHT);
        waiting.until(driver -> driver.getCurrentUrl().endsWith("#access"));
        browser.navigate().back();
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("view-faults")));
        answered();
    }

    @Test
    @Order(40)
    void theKeyboardTurnsAListsPagesWithoutLosingTheFocusAndHearsThePageReached() {
        tab("indices");
        toFirstIndexPage(); // where the others left it
        assertThat(find("indices-table").getAccessibleName())
                .as("a table named by its heading, found by it among the page's tables")
                .isEqualTo("Indices");
        assertThat(find("indices-page").getAriaRole())
                .as("the page reached said as it changes")
                .isEqualTo("status");
        // the last page makes Next, the button pressed, unavailable: the focus stays on it, not lost to the page's
        // start nor moved to Previous
        find("indices-next").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 2 of 2"));
        answered();
        assertThat(unavailable("indices-next")).isTrue();
        assertThat(browser.switchTo().activeElement().getDomAttribute("id")).isEqualTo("indices-next");
        find("indices-previous").sendKeys(Keys.ENTER);
        waiting.until(ExpectedConditions.textToBe(By.id("indices-page"), "page 1 of 2"));
        answered();
        assertThat(unavailable("indices-previous")).isTrue();
        assertThat(browser.switchTo().activeElement().getDomAttribute("id")).isEqualTo("indices-previous");
    }

    /** Turns the index list back to its first page, a page at a time, each answered (for as long as it takes to). */
    private static void toFirstIndexPage() {
        waiting.until(driver -> {
            answered();
            if (!find("indices-previous").isDisplayed() || unavailable("indices-previous")) {
                return true;
            }
            find("indices-previous").click();
            return false;
        });
    }

    /** {@return whether a page button is said to be unavailable (aria-disabled: it keeps the focus, doing nothing)} */
    private static boolean unavailable(String id) {
        return "true".equals(find(id).getDomAttribute("aria-disabled"));
    }

    @Test
    @Order(41)
    void textSelectedInARefreshingListStaysSelectedAndOpensNothing() throws IOException {
        send("POST", "/1/indexes/products/query", "{\"query\":\"aurora\"}");
        tab("journal");
        By path = By.cssSelector("#journal-table tbody td.path");
        waiting.until(ExpectedConditions.presenceOfElementLocated(path));
        browser.executeScript("window.paths = []; const fetched = window.fetch;"
                + " window.fetch = (...args) => { window.paths.push(String(args[0])); return fetched(...args); };"
                + " const cell = document.querySelector('#journal-table tbody td.path');"
                + " const range = document.createRange(); range.selectNodeContents(cell);"
                + " getSelection().removeAllRanges(); getSelection().addRange(range); window.selected = cell;");
        send("POST", "/1/indexes/products/query", "{\"query\":\"nimbus\"}"); // a new row to show
        refreshedTwice();
        assertThat(browser.executeScript("return window.selected.isConnected"
                        + " && getSelection().toString() === window.selected.textContent"))
                .as("the path selected, to copy it, still in the page and selected")
                .isEqualTo(true);
        // a click ending a selection in a row opens nothing
        browser.executeScript("window.selected.click()");
        assertThat(find("journal-detail").isDisplayed()).isFalse();
        // the selection gone, the rows are shown anew
        browser.executeScript("getSelection().removeAllRanges()");
        refreshNow();
        waiting.until(driver -> !(Boolean) browser.executeScript("return window.selected.isConnected"));
    }

    @Test
    @Order(42)
    void eachLineOfAChartHasAColourOfItsOwnAndKeepsItWhileItIsDrawn() {
        // eight lines, then one of them with seven new ones: as indices come and go between refreshes
        List<?> colours = (List<?>) browser.executeScript("const figure = document.createElement('figure');"
                + " const canvas = document.createElement('canvas'); const legend = document.createElement('div');"
                + " figure.append(document.createElement('figcaption'), canvas, legend);"
                + " const lines = names => names.map(name => ({ name, values: [1, 2] }));"
                + " QuarryCharts.draw(canvas, lines(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']), legend);"
                + " const first = legend.querySelector('i').style.background;"
                + " QuarryCharts.draw(canvas, lines(['a0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7']), legend);"
                + " return [first].concat(Array.from(legend.querySelectorAll('i'), i => i.style.background));");
        assertThat(colours.get(1)).as("a0 kept its colour").isEqualTo(colours.get(0));
        assertThat(colours.subList(1, colours.size()))
                .as("the colours of the lines drawn together")
                .doesNotHaveDuplicates();
    }

    @Test
    @Order(43)
    void aNarrowWindowShowsEveryViewWithinItsWidth() {
        org.openqa.selenium.Dimension wide = browser.manage().window().getSize();
        try {
            browser.manage().window().setSize(new org.openqa.selenium.Dimension(400, 800));
            // the server's line (version, hosts, application) under the title, no word of it broken in two
            assertThat(browser.executeScript("const text = document.getElementById('server-info').firstChild;"
                            + " const range = document.createRange(); let at = 0;"
                            + " return text.data.split(' ').filter(word => { range.setStart(text, at);"
                            + " range.setEnd(text, at + word.length); at += word.length + 1;"
                            + " return range.getClientRects().length > 1; });"))
                    .as("the words of the server's line broken across lines")
                    .asInstanceOf(InstanceOfAssertFactories.LIST)
                    .isEmpty();
            for (String view : new String[] {"indices", "search", "journal", "access", "faults", "charts"}) {
                tab(view);
                assertWithinThePagesWidth("the " + view + " view in a window 400 pixels wide");
                if (view.equals("indices")) {
                    // an index's name not broken inside a short word, and its time of update on one line
                    assertThat(browser.executeScript("const rows = Array.from(document.querySelectorAll("
                                    + "'#indices-table tbody tr')).slice(0, 20);"
                                    + " const lines = cell => { const range = document.createRange();"
                                    + " range.selectNodeContents(cell); return range.getClientRects().length; };"
                                    + " return rows.filter(tr => tr.cells[0].getBoundingClientRect().width < 120"
                                    + " || lines(tr.cells[4]) > 1).map(tr => tr.dataset.index);"))
                            .as("the rows whose name is squeezed or whose time takes lines")
                            .asInstanceOf(InstanceOfAssertFactories.LIST)
                            .isEmpty();
                }
                if (view.equals("journal")) {
                    // the path, what a row is read for, not squeezed to a few letters a line beside the other columns
                    assertThat(((Number) browser.executeScript("return Math.min(...Array.from("
                                            + "document.querySelectorAll('#journal-table td.path'),"
                                            + " td => td.getBoundingClientRect().width))"))
                                    .doubleValue())
                            .as("the narrowest path cell's width in pixels")
                            .isGreaterThan(150.0);
                }
            }
            // the search's facets above its hits, each as wide as the window, rather than both squeezed side by side
            tab("search");
            typeIndex("products");
            indexChanged();
            waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("search-hits")));
            assertThat(browser.executeScript("const [facets, hits] = document.querySelectorAll("
                            + "'#search-results .columns > div'); return hits.getBoundingClientRect().top"
                            + " > facets.getBoundingClientRect().bottom"
                            + " && hits.getBoundingClientRect().width === facets.getBoundingClientRect().width;"))
                    .as("the hits under the facets, as wide")
                    .isEqualTo(true);
            tab("charts");
            // each chart drawn at the size it is shown, not drawn 900 pixels wide and shrunk, labels and all
            waiting.until(driver -> (Boolean) browser.executeScript("return Array.from("
                    + "document.querySelectorAll('#view-charts canvas')).filter(c => c.clientWidth > 0)"
                    + ".every(c => c.clientWidth < 400"
                    + " && c.width === Math.round(c.clientWidth * (window.devicePixelRatio || 1)))"));
        } finally {
            browser.manage().window().setSize(wide);
        }
    }

    @Test
    @Order(44)
    void theSearchViewTellsAnIndexListNotAnsweredFromOneRefusedToTheKey() {
        tab("journal");
        server.faults().next(1, "GET", "/1/indexes", Fault.status(503));
        tab("search");
        waiting.until(
                driver -> !driver.findElement(By.id("search-error")).getText().isEmpty());
        assertThat(find("search-index-note").getText())
                .as("the server failed, not the key")
                .contains("could not be read")
                .doesNotContain("the key may not list");
        tab("journal");
        tab("search"); // answered this time
        waiting.until(ExpectedConditions.textToBe(By.id("search-error"), ""));
        assertThat(find("search-index-note").getText()).isEmpty();
    }

    @Test
    @Order(45)
    void aRefreshAnsweredAsBeforeMakesNoRowAnew() throws IOException {
        send("POST", "/1/indexes/products/query", "{\"query\":\"orbit\"}");
        tab("journal");
        browser.executeScript("window.paths = []; const fetched = window.fetch;"
                + " window.fetch = (...args) => { window.paths.push(String(args[0])); return fetched(...args); };"
                + " window.changes = 0; new MutationObserver(records => { window.changes += records.length; })"
                + ".observe(document.querySelector('#journal-table tbody'),"
                + " { childList: true, subtree: true, characterData: true, attributes: true });");
        refreshedTwice(); // two refreshes answered as the rows show
        assertThat(counted("changes"))
                .as("changes to the journal's rows while nothing was journaled")
                .isZero();
        send("POST", "/1/indexes/products/query", "{\"query\":\"nimbus\"}");
        refreshNow();
        waiting.until(driver -> counted("changes") > 0);
    }

    @Test
    @Order(46)
    void anIndexOpenIsInTheUrlSoAReloadOpensItAgain() {
        tab("indices");
        toFirstIndexPage();
        waiting.until(ExpectedConditions.elementToBeClickable(
                        By.cssSelector("#indices-table tr[data-index='products'] button")))
                .click();
        waiting.until(driver -> driver.getCurrentUrl().endsWith("/_mock/console#indices/products"));

        browser.navigate().refresh();
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("index-detail")));
        assertThat(find("index-detail-name").getText()).isEqualTo("products");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("index-records"), "Aurora"));
        find("index-detail-close").click();
        waiting.until(driver -> driver.getCurrentUrl().endsWith("/_mock/console#indices"));
    }

    /**
     * Has the view shown read anew at once, as it is when the browser's tab comes back into sight, rather than a
     * second after its last read: what a test shows of a refresh is the same, without waiting for the page's clock.
     * A read already under way makes it a no-op; the view's own refresh then comes as usual.
     */
    private static void refreshNow() {
        browser.executeScript("const hide = hidden => {"
                + " Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });"
                + " Object.defineProperty(document, 'visibilityState', { configurable: true,"
                + " get: () => hidden ? 'hidden' : 'visible' });"
                + " document.dispatchEvent(new Event('visibilitychange')); };"
                + " hide(true); hide(false);");
    }

    /** Two refreshes of the view shown made and answered, each read counted in {@code window.paths}. */
    private static void refreshedTwice() {
        for (int refresh = 1; refresh <= 2; refresh++) {
            int made = refresh;
            refreshNow();
            waiting.until(driver -> paths().size() >= made
                    && "0".equals(driver.findElement(By.id("views")).getDomAttribute("data-pending")));
        }
    }

    @Test
    @Order(47)
    void theJournalsFiltersAreInTheUrlSoAReloadShowsTheSameRequests() throws IOException {
        send("POST", "/1/indexes/products/query", "{\"query\":\"phone\"}");
        tab("journal");
        new Select(find("journal-status")).selectByValue("2xx");
        type("journal-path", "/query");
        waiting.until(driver -> driver.getCurrentUrl().endsWith("/_mock/console#journal?status=2xx&path=%2Fquery"));

        browser.navigate().refresh();
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("view-journal")));
        answered();
        assertThat(find("journal-path").getDomProperty("value")).isEqualTo("/query");
        assertThat(find("journal-status").getDomProperty("value")).isEqualTo("2xx");
        assertThat(browser.findElements(By.cssSelector("#journal-table tbody tr")))
                .as("the rows the filters find, as before the reload")
                .isNotEmpty()
                .allSatisfy(row -> assertThat(row.getText()).contains("/query").contains(" 200 "));

        new Select(find("journal-status")).selectByValue("");
        find("journal-path").sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
        waiting.until(driver -> driver.getCurrentUrl().endsWith("/_mock/console#journal"));
    }

    @Test
    @Order(48)
    void backClosesADetailOpenedAndForwardOpensItAgain() {
        tab("indices");
        waiting.until(ExpectedConditions.elementToBeClickable(
                        By.cssSelector("#indices-table tr[data-index='products'] button")))
                .click();
        waiting.until(driver -> driver.getCurrentUrl().endsWith("#indices/products"));
        browser.navigate().back();
        waiting.until(ExpectedConditions.invisibilityOfElementLocated(By.id("index-detail")));
        assertThat(browser.getCurrentUrl()).endsWith("#indices");
        assertThat(find("view-indices").isDisplayed())
                .as("still on the indices")
                .isTrue();
        browser.navigate().forward();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("index-records"), "Aurora"));
        assertThat(find("index-detail-name").getText()).isEqualTo("products");
        find("index-detail-close").click();

        tab("journal");
        String seq = waiting.until(driver ->
                driver.findElement(By.cssSelector("#journal-table tbody tr")).getDomAttribute("data-seq"));
        waiting.until(driver -> {
            driver.findElement(By.cssSelector("#journal-table tr[data-seq='" + seq + "'] button"))
                    .click();
            return true;
        });
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("journal-detail")));
        assertThat(browser.getCurrentUrl()).endsWith("#journal/" + seq);
        browser.navigate().back();
        waiting.until(ExpectedConditions.invisibilityOfElementLocated(By.id("journal-detail")));
        assertThat(browser.getCurrentUrl()).endsWith("#journal");
        assertThat(find("view-journal").isDisplayed())
                .as("still on the journal")
                .isTrue();
    }

    @Test
    @Order(49)
    void aJournalEntryDroppedFromTheJournalStaysOpenSaidToBeGoneUntilClosed() throws Exception {
        // a failing request, found with a filter whose count is said as it changes
        HttpRequest failing = HttpRequest.newBuilder(URI.create(server.url() + "/1/indexes/gone-soon/query"))
                .header("X-Service-Application-Id", server.applicationId())
                .header("X-Service-API-Key", ADMIN_KEY)
                .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"dropped soon\"}"))
                .build();
        assertThat(HttpClient.newHttpClient()
                        .send(failing, HttpResponse.BodyHandlers.discarding())
                        .statusCode())
                .isEqualTo(404);
        tab("journal");
        type("journal-index", "gone-soon");
        waiting.until(ExpectedConditions.textToBe(By.id("journal-shown"), "1 request matches these filters."));
        assertThat(find("journal-shown").getAriaRole()).isEqualTo("status");
        assertThat(find("journal-table").getAccessibleName()).isEqualTo("Journal");
        By row = By.cssSelector("#journal-table tbody tr");
        String seq = waiting.until(driver -> driver.findElement(row).getDomAttribute("data-seq"));
        WebElement open = browser.findElement(By.cssSelector("#journal-table tr[data-seq='" + seq + "'] button"));
        assertThat(open.getAccessibleName())
                .as("the row's button names its request, not its time alone")
                .matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} POST /1/indexes/gone-soon/query 404");
        open.sendKeys(Keys.ENTER);
        waiting.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("journal-request-body"), "dropped soon"));
        assertThat(browser.getCurrentUrl()).endsWith("#journal/" + seq + "?index=gone-soon");

        // the filter erased, the newest 200 rows come above the detail: it stays in sight, not pushed thousands of
        // pixels down (as high as it was, or as the page's end lets it be)
        find("journal-index").sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
        waiting.until(ExpectedConditions.numberOfElementsToBeMoreThan(row, 100));
        assertThat(detailTop())
                .as("where the detail's heading is in the window")
                .isBetween(0L, ((Number) browser.executeScript("return window.innerHeight")).longValue() - 20);

        answerMany(1_000); // the journal keeps the last 1,000: the entry open is dropped
        WebElement gone = waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("journal-detail-gone")));
        waiting.until(ExpectedConditions.textToBePresentInElement(gone, "No longer in the journal"));
        assertThat(gone.getAriaRole()).as("said as it is marked").isEqualTo("status");
        assertThat(find("journal-request-body").getText())
                .as("what was read stays shown")
                .contains("dropped soon");
        assertThat(browser.getCurrentUrl()).endsWith("#journal/" + seq);

        // the view left and shown again reads the entry anew: gone, it stays open as it was
        tab("indices");
        tab("journal");
        assertThat(find("journal-detail").isDisplayed()).isTrue();
        assertThat(find("journal-request-body").getText()).contains("dropped soon");
        assertThat(find("journal-detail-gone").getText()).startsWith("No longer in the journal");
        assertThat(find("journal-error").getText()).isEmpty();

        // a reload (or a link) naming it says what became of it, until closed
        browser.navigate().refresh();
        waiting.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("journal-detail-gone"), "Not in the journal"));
        assertThat(find("journal-detail-title").getText()).isEqualTo("Request " + seq);
        assertThat(find("journal-detail-bodies").isDisplayed())
                .as("no bodies to show")
                .isFalse();
        find("journal-detail-close").sendKeys(Keys.ESCAPE);
        waiting.until(ExpectedConditions.invisibilityOfElementLocated(By.id("journal-detail")));
        waiting.until(driver -> driver.getCurrentUrl().endsWith("/_mock/console#journal"));
    }

    /** {@return where the journal detail's heading is in the window, in whole pixels from its top} */
    private static long detailTop() {
        return ((Number) browser.executeScript("return Math.round("
                        + "document.getElementById('journal-detail-title').getBoundingClientRect().top)"))
                .longValue();
    }

    /** Has the server answer that many reads more, each journaled, a few at a time over one client. */
    private static void answerMany(int count) throws Exception {
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest read = HttpRequest.newBuilder(URI.create(server.url() + "/1/indexes/products/settings"))
                .header("X-Service-Application-Id", server.applicationId())
                .header("X-Service-API-Key", ADMIN_KEY)
                .build();
        for (int sent = 0; sent < count; ) {
            List<CompletableFuture<HttpResponse<Void>>> batch = new ArrayList<>();
            for (int i = 0; i < 8 && sent < count; i++, sent++) {
                batch.add(http.sendAsync(read, HttpResponse.BodyHandlers.discarding()));
            }
            for (var answer : batch) {
                assertThat(answer.get().statusCode()).isEqualTo(200);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> paths() {
        return (List<String>) browser.executeScript("return window.paths");
    }

    /**
     * The view's tab focused, selected and the tab bar's one tab stop, its view shown and the others hidden; read in
     * one script (a call to the browser for each tab's each property made this test's many steps slow).
     */
    private static void assertSelected(String view, String[] order) {
        waiting.until(driver ->
                ("tab-" + view).equals(driver.switchTo().activeElement().getDomAttribute("id")));
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("view-" + view)));
        assertThat(browser.executeScript(
                        "return arguments[0].map(v => { const tab = document.getElementById('tab-' + v);"
                                + " return v + ': selected ' + tab.getAttribute('aria-selected') + ', tabIndex ' + tab.tabIndex"
                                + " + ', shown ' + (document.getElementById('view-' + v).getClientRects().length > 0); });",
                        List.of(order)))
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .containsExactlyElementsOf(java.util.Arrays.stream(order)
                        .map(other -> other + ": selected " + other.equals(view) + ", tabIndex "
                                + (other.equals(view) ? 0 : -1) + ", shown " + other.equals(view))
                        .toList());
    }

    @Test
    @Order(33)
    void anEmptyErrorLineTakesNoRoomAndTheTabsStayInPlace() {
        String tabs = null;
        for (String view : new String[] {"indices", "search", "journal", "faults", "charts", "access"}) {
            tab(view);
            // where what follows each empty error line is, with the line and without it
            List<?> gaps = (List<?>) browser.executeScript("return Array.from(document.querySelectorAll('#view-" + view
                    + " .error')).filter(e => e.textContent === '' && e.nextElementSibling"
                    + " && e.nextElementSibling.getClientRects().length > 0).map(e => {"
                    + " const next = e.nextElementSibling, top = next.getBoundingClientRect().top;"
                    + " e.style.display = 'none'; const without = next.getBoundingClientRect().top;"
                    + " e.style.display = ''; return e.id + ' ' + (top - without); })");
            assertThat(gaps)
                    .as("the gap an empty error line leaves in " + view)
                    .isNotEmpty()
                    .allSatisfy(gap -> assertThat(String.valueOf(gap)).endsWith(" 0"));
            String at = String.valueOf(browser.executeScript("return Array.from(document.querySelectorAll("
                    + "'#tabs [role=tab]'), t => { const r = t.getBoundingClientRect(); return r.left + '+'"
                    + " + r.width; }).join(' ')"));
            assertThat(at).as("each tab where it was, whichever is shown").isEqualTo(tabs == null ? at : tabs);
            tabs = at;
        }
    }

    @Test
    @Order(34)
    void aKeyOfManyIndicesTakesALineWithTheRestOnDemandAndNoPendingTaskSaysSo() throws Exception {
        StringBuilder indices = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            indices.append(i == 0 ? "" : ", ")
                    .append("\"shelf-")
                    .append(i < 10 ? "0" : "")
                    .append(i)
                    .append('"');
        }
        createKey("{\"acl\": [\"search\", \"browse\", \"addObject\", \"deleteObject\", \"listIndexes\","
                + " \"settings\", \"logs\"], \"description\": \"many lists\", \"indexes\": [" + indices + "]}");
        tab("access");
        By row = By.xpath("//table[@id='keys-table']//tr[td[.='many lists']]");
        WebElement key = waiting.until(ExpectedConditions.visibilityOfElementLocated(row));
        WebElement rights = key.findElements(By.tagName("td")).get(2);
        WebElement shelves = key.findElements(By.tagName("td")).get(3);
        assertThat(rights.getText()).isEqualTo("search, browse, addObject\n4 more rights");
        assertThat(shelves.getText())
                .as("three indices on the line, the others behind a disclosure counting them all")
                .isEqualTo("shelf-00, shelf-01, shelf-02\n27 more indices");
        shelves.findElement(By.tagName("summary")).click();
        waiting.until(driver -> shelves.getText().contains("shelf-19"));
        assertThat(shelves.findElements(By.tagName("li")))
                .extracting(WebElement::getText)
                .startsWith("shelf-03")
                .endsWith("shelf-19", "and 10 more, not listed here");

        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("tasks-summary"), "None pending"));
        assertThat(find("tasks-table").isDisplayed())
                .as("no table of headers over no task")
                .isFalse();
        assertThat(find("tasks-summary").getText())
                .matches("None pending: every task is published\\. Last task" + " [0-9]+\\.");
        assertThat(find("tasks-pending").getAriaRole())
                .as("the count pending said as it changes, not the last task's ID, new at every write")
                .isEqualTo("status");
    }

    @Test
    @Order(35)
    void theQueryFieldSitsBesideItsLabelAndEachChartFillsItsFrame() {
        tab("search");
        assertThat(browser.executeScript("const field = document.getElementById('search-query');"
                        + " const label = field.closest('label').getBoundingClientRect();"
                        + " const box = field.getBoundingClientRect();"
                        + " return box.left > label.left && box.top < label.top + 4;"))
                .as("the query's field on its label's line, as the index's is, not under it")
                .isEqualTo(true);
        tab("charts");
        assertThat(browser.executeScript("return Array.from(document.querySelectorAll('#view-charts figure'))"
                        + ".filter(f => f.getClientRects().length > 0).map(f => {"
                        + " const frame = f.getBoundingClientRect(), chart = f.querySelector('canvas')"
                        + ".getBoundingClientRect(); return Math.round(frame.right - chart.right); })"))
                .as("the room between each chart and its frame's right edge: its padding and border alone")
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .hasSize(3)
                .allSatisfy(gap -> assertThat(((Number) gap).longValue()).isLessThan(16));
    }

    @Test
    @Order(36)
    void aKeyRefusedTheIndexListIsOfferedNoPagesAndTheSearchShowsNoEmptyResultsBeforeItsFirstSearch() throws Exception {
        String key = createKey("{\"acl\": [\"search\"], \"description\": \"search only\"}");
        find("sign-out").click();
        signIn(key);
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
        tab("indices");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("indices-error"), "listIndexes right"));
        assertThat(find("indices-next").isDisplayed() || find("indices-table").isDisplayed())
                .as("no page of indices to turn to, no table of headers over none")
                .isFalse();
        tab("search");
        waiting.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("search-index-note"), "type an index name"));
        assertThat(find("search-results").isDisplayed())
                .as("no empty facets, hits and request before a search is sent")
                .isFalse();
        typeIndex("products");
        indexChanged();
        waiting.until(ExpectedConditions.attributeToBe(By.id("search-stats"), "data-nb-hits", "7"));
        assertThat(find("search-results").isDisplayed()).isTrue();

        find("sign-out").click();
        signIn(ADMIN_KEY);
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
        tab("indices");
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("indices-table")));
    }

    @Test
    @Order(50)
    void aViewIsBusyWhileItLoadsWhatTheUserAskedForNeverWhileItRefreshesAndItsDetailsAreNamedRegions()
            throws IOException {
        tab("search");
        // every aria-busy set anywhere in the page, by the id of the element it is set on
        browser.executeScript("window.busied = []; new MutationObserver(records => records.forEach(r => {"
                + " if (r.target.getAttribute('aria-busy') === 'true') window.busied.push(r.target.id); }))"
                + ".observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });"
                + " window.paths = []; const fetched = window.fetch;"
                + " window.fetch = (...args) => { window.paths.push(String(args[0])); return fetched(...args); };");

        // a query typed: the hits busy until answered
        typeIndex("products");
        indexChanged();
        type("search-query", "nimbus");
        waiting.until(ExpectedConditions.attributeToBe(By.id("search-stats"), "data-query", "nimbus"));
        answered();

        // an index opened: its detail busy until read, a region named by its heading
        tab("indices");
        waiting.until(ExpectedConditions.elementToBeClickable(
                        By.cssSelector("#indices-table tr[data-index='products'] button")))
                .click();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("index-records"), "Aurora"));
        answered();
        assertThat(find("index-detail").getAriaRole()).as("a landmark").isEqualTo("region");
        assertThat(find("index-detail").getAccessibleName()).isEqualTo("Index products");

        // the journal opened, then a filter typed: its panel, then its table, busy until answered
        send("POST", "/1/indexes/products/query", "{\"query\":\"aurora\"}");
        tab("journal");
        type("journal-path", "/query");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("journal-shown"), "these filters"));
        answered();
        assertThat(busied())
                .as("the parts busy while they loaded")
                .containsSubsequence("search-results", "view-indices", "index-detail", "view-journal", "journal-table");
        By entry = By.cssSelector("#journal-table tbody tr button");
        waiting.until(driver -> {
            driver.findElement(entry).sendKeys(Keys.ENTER);
            return true;
        });
        waiting.until(driver ->
                "journal-detail-title".equals(driver.switchTo().activeElement().getDomAttribute("id")));
        answered();
        assertThat(busied()).last().isEqualTo("journal-detail");
        assertThat(find("journal-detail").getAriaRole()).as("a landmark").isEqualTo("region");
        assertThat(find("journal-detail").getAccessibleName())
                .isEqualTo(find("journal-detail-title").getText())
                .startsWith("POST /1/indexes/");
        assertThat(browser.findElements(By.cssSelector("[aria-busy='true']")))
                .as("nothing left busy once answered")
                .isEmpty();

        // the refreshes every second: nothing said busy, nothing held back
        browser.executeScript("window.busied = []; window.paths = [];");
        refreshedTwice();
        assertThat(busied()).as("busy while the journal refreshed").isEmpty();
        find("journal-detail-close").click();
        find("journal-path").sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
        waiting.until(driver -> driver.getCurrentUrl().endsWith("/_mock/console#journal"));
        answered();
    }

    @SuppressWarnings("unchecked")
    private static List<String> busied() {
        return (List<String>) browser.executeScript("return window.busied");
    }

    @Test
    @Order(51) // last but one: the server stopped is told with the calls it counts
    void aHiddenTabAsksTheServerNothingAndCatchesUpWhenShownAgain() {
        tab("access"); // its pending tasks are read every second while it is shown
        // the page's calls counted as it makes them
        browser.executeScript("window.calls = 0; const fetched = window.fetch;"
                + " window.fetch = (...args) => { window.calls++; return fetched(...args); };");
        waiting.until(driver -> calls() >= 1); // polling while shown: the view's read ended, so a refresh
        // hidden as a background tab is; then three seconds of the page's own clock, each of which a refresh came in
        browser.executeScript("Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });"
                + " Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });"
                + " document.dispatchEvent(new Event('visibilitychange'));"
                + " window.callsWhenHidden = window.calls; window.ticks = 0;"
                + " window.ticker = setInterval(() => { window.ticks++; }, 1000);");
        waiting.until(driver -> ((Number) browser.executeScript("return window.ticks")).longValue() >= 3);
        long whenHidden = ((Number) browser.executeScript("return window.callsWhenHidden")).longValue();
        assertThat(calls() - whenHidden).as("calls while the tab was hidden").isZero();
        browser.executeScript("clearInterval(window.ticker);"
                + " Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });"
                + " Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });"
                + " document.dispatchEvent(new Event('visibilitychange'));");
        waiting.until(driver -> calls() > whenHidden); // read anew once in sight
    }

    @Test
    @Order(19)
    void aQueryTypedThenErasedWhileItsSearchIsUnderWayIsNotSearchedAgain() {
        tab("search");
        typeIndex("products");
        WebElement query = find("search-query");
        indexChanged();
        waiting.until(ExpectedConditions.attributeToBe(By.id("search-stats"), "data-nb-hits", "7")); // all, no query
        answered();
        browser.executeScript("window.searches = 0; window.held = new Promise(resolve => { window.letGo = resolve; });"
                + " const fetched = window.fetch; window.fetch = async (...args) => {"
                + " if (!/\\/query$/.test(String(args[0]))) return fetched(...args);"
                + " window.searches++; await window.held; return fetched(...args); };");
        query.sendKeys("nimbus"); // the first keystroke's search held: the rest come while it is under way
        waiting.until(driver -> counted("searches") == 1);
        query.sendKeys(Keys.BACK_SPACE, Keys.BACK_SPACE, Keys.BACK_SPACE, Keys.BACK_SPACE, Keys.BACK_SPACE);
        waiting.until(driver -> "n".equals(find("search-query").getDomProperty("value")));
        browser.executeScript("window.letGo()");
        waiting.until(driver -> "0".equals(find("views").getDomAttribute("data-pending"))
                && "n".equals(find("search-stats").getDomAttribute("data-query")));
        assertThat(counted("searches"))
                .as("the query typed is the one under way once erased back to it: its answer shown, not asked again")
                .isEqualTo(1);
        assertThat(find("search-error").getText()).isEmpty();
    }

    @Test
    @Order(20)
    void longNamesAndLargeNumbersStayWithinThePagesWidthInEveryView() throws Exception {
        String index = "catalogue-" + "x".repeat(200);
        String path = "/1/indexes/" + index;
        send(
                "POST",
                path + "/batch",
                "{\"requests\": [{\"action\": \"addObject\", \"body\": {\"objectID\": \"" + "y".repeat(300)
                        + "\", \"brand\": \"" + "z".repeat(300) + "\"}}]}");
        send("PUT", path + "/settings", "{\"attributesForFaceting\": [\"brand\"]}");
        createKey("{\"acl\": [\"logs\"], \"description\": \"" + "d".repeat(300) + "\", \"indexes\": [\"" + index
                + "\", \"" + "w".repeat(300) + "\"]}");
        send("POST", path + "/query", "{}");

        tab("indices");
        waiting.until(ExpectedConditions.elementToBeClickable(
                        By.cssSelector("#indices-table tr[data-index='" + index + "'] button")))
                .click();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("index-records"), "yyyy"));
        assertWithinThePagesWidth("the indices, an index's name as the detail's heading");

        tab("search");
        typeIndex(index);
        indexChanged();
        find("search-query").sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE); // with no query
        waiting.until(ExpectedConditions.attributeToBe(By.id("search-stats"), "data-nb-hits", "1"));
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#search-facets button.facet")));
        assertWithinThePagesWidth("the search preview's hits and facets");

        tab("journal");
        waiting.until(ExpectedConditions.elementToBeClickable(By.xpath(
                        "//table[@id='journal-table']//tr[td[contains(., 'catalogue-') and contains(., '/query')]]"
                                + "//button")))
                .click();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("journal-detail-title"), "catalogue-"));
        assertWithinThePagesWidth("the journal, a path as the detail's heading");

        tab("charts");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("legend-indices"), "catalogue-"));
        assertWithinThePagesWidth("the charts' legend");
        assertThat(browser.executeScript("const figure = document.createElement('figure');"
                        + " const canvas = document.createElement('canvas');"
                        + " figure.append(document.createElement('figcaption'), canvas);"
                        + " QuarryCharts.draw(canvas, [{name: 'p99', values: [1234567]}]);"
                        + " const ctx = canvas.getContext('2d'); ctx.font = '11px system-ui, sans-serif';"
                        + " return Number(canvas.dataset.left) > ctx.measureText('2,000,000').width;"))
                .as("a scale's largest label fits left of the lines")
                .isEqualTo(true);

        tab("access");
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("keys-table"), "dddd"));
        assertWithinThePagesWidth("the keys, a long description and list of indices");
        assertThat(browser.executeScript("const lines = cell => { const range = document.createRange();"
                        + " range.selectNodeContents(cell); return range.getClientRects().length; };"
                        + " return Array.from(document.querySelectorAll('#keys-table tbody tr'))"
                        + ".every(row => lines(row.cells[0]) === 1 && (row.cells[2].textContent.includes(' ')"
                        + " || lines(row.cells[2]) === 1));"))
                .as("a key's masked value and a single right beside them kept whole, on one line")
                .isEqualTo(true);
    }

    @Test
    @Order(21)
    void signingInWithTheKeyboardGoesOnFromTheTabsAndEscapeClosesADetailBackToItsRow() {
        find("sign-out").click();
        waiting.until(driver -> driver.findElement(By.id("sign-in")).isDisplayed()
                && !driver.findElement(By.id("app-id")).getDomProperty("value").isEmpty());
        // the application ID filled in, the key's field has the focus: the key typed and Enter, nothing else
        waiting.until(
                driver -> "api-key".equals(driver.switchTo().activeElement().getDomAttribute("id")));
        browser.switchTo().activeElement().sendKeys(ADMIN_KEY, Keys.ENTER);
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
        waiting.until(
                driver -> "indices".equals(driver.switchTo().activeElement().getDomAttribute("data-view")));

        WebElement products = waiting.until(ExpectedConditions.elementToBeClickable(
                By.cssSelector("#indices-table tr[data-index='products'] button")));
        products.sendKeys(Keys.ENTER);
        waiting.until(driver ->
                "index-detail-name".equals(driver.switchTo().activeElement().getDomAttribute("id")));
        browser.switchTo().activeElement().sendKeys(Keys.ESCAPE);
        waiting.until(ExpectedConditions.invisibilityOfElementLocated(By.id("index-detail")));
        assertThat(browser.switchTo()
                        .activeElement()
                        .findElement(By.xpath("ancestor::tr"))
                        .getDomAttribute("data-index"))
                .as("the focus back on the button that opened the index")
                .isEqualTo("products");

        tab("journal");
        By firstRow = By.cssSelector("#journal-table tbody tr");
        String seq = waiting.until(driver -> driver.findElement(firstRow).getDomAttribute("data-seq"));
        waiting.until(driver -> {
            driver.findElement(By.cssSelector("#journal-table tr[data-seq='" + seq + "'] button"))
                    .sendKeys(Keys.ENTER);
            return true;
        });
        waiting.until(driver ->
                "journal-detail-title".equals(driver.switchTo().activeElement().getDomAttribute("id")));
        browser.switchTo().activeElement().sendKeys(Keys.ESCAPE);
        waiting.until(ExpectedConditions.invisibilityOfElementLocated(By.id("journal-detail")));
        waiting.until(driver -> seq.equals(driver.switchTo()
                .activeElement()
                .findElement(By.xpath("ancestor::tr"))
                .getDomAttribute("data-seq")));
    }

    @Test
    @Order(22)
    void anAnswerWithoutWhatTheViewReadsIsSaidSoInWords() {
        tab("search");
        typeIndex("products");
        indexChanged();
        waiting.until(ExpectedConditions.attributeToBe(By.id("search-stats"), "data-nb-hits", "7")); // all, no query
        answered();
        // a 200 carrying an error's body, as a scripted fault of status 200 answers
        server.faults().next(1, "POST", "/1/indexes/products/query", Fault.status(200));
        find("search-query").sendKeys("x");
        waiting.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("search-error"), "was not the one asked for"));
        assertThat(find("search-error").getText()).contains("HTTP 200", "Scripted fault: status 200");
        assertThat(find("search-stats").getText()).doesNotContain("NaN").doesNotContain("undefined");
        server.faults().clear();
    }

    @Test
    @Order(23)
    void aTabShownAgainReadsTheServerOnceThoughShownTwiceInARow() {
        tab("access");
        browser.executeScript("window.reading = 0; window.mostReading = 0; window.reads = 0;"
                + " const fetched = window.fetch; window.fetch = async (...args) => {"
                + " if (!/\\/api\\/tasks$/.test(String(args[0]))) return fetched(...args);"
                + " window.reads++; window.mostReading = Math.max(window.mostReading, ++window.reading);"
                + " try { return await fetched(...args); } finally { window.reading--; } };");
        waiting.until(driver -> counted("reads") >= 1);
        browser.executeScript("const hide = hidden => {"
                + " Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });"
                + " Object.defineProperty(document, 'visibilityState', { configurable: true,"
                + " get: () => hidden ? 'hidden' : 'visible' });"
                + " document.dispatchEvent(new Event('visibilitychange')); };"
                + " hide(true); hide(false); hide(true); hide(false);");
        long then = counted("reads");
        waiting.until(driver -> counted("reads") >= then + 2); // and polling on
        assertThat(counted("mostReading"))
                .as("one read of the tasks under way at a time")
                .isEqualTo(1);
    }

    @Test
    @Order(24)
    void everyViewRunsWithoutAnErrorInTheBrowsersConsole() {
        find("sign-out").click();
        signIn(ADMIN_KEY);
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("tabs")));
        browser.manage().logs().get(LogType.BROWSER); // what earlier tests' faults and refusals logged
        for (String view : new String[] {"indices", "search", "journal", "faults", "charts", "access"}) {
            tab(view);
        }
        tab("indices");
        waiting.until(ExpectedConditions.elementToBeClickable(
                        By.cssSelector("#indices-table tr[data-index='products'] button")))
                .click();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("index-records"), "Aurora"));
        tab("journal");
        waiting.until(driver -> {
            driver.findElement(By.cssSelector("#journal-table tbody tr button")).click();
            return true;
        });
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("journal-detail")));
        assertThat(browser.manage().logs().get(LogType.BROWSER).getAll())
                .filteredOn(entry -> entry.getLevel().intValue() >= Level.WARNING.intValue())
                .extracting(LogEntry::getMessage)
                .isEmpty();
    }

    @Test
    @Order(37)
    void aRuleIsRemovedWithTheKeyboardAndTheFocusStaysInTheList() {
        server.faults().share(1.0, 1, "GET", "/first-rule", Fault.status(503));
        long second = server.faults().share(1.0, 1, "GET", "/second-rule", Fault.status(500));
        tab("faults");
        By removes = By.cssSelector("#faults-server-table tbody button.remove-rule");
        waiting.until(ExpectedConditions.numberOfElementsToBe(removes, 2));

        browser.findElements(removes).get(0).sendKeys(Keys.ENTER);

        waiting.until(ExpectedConditions.numberOfElementsToBe(removes, 1));
        assertThat(server.faults().active()).isOne();
        assertThat(find("faults-server").getText()).contains("/second-rule").doesNotContain("/first-rule");
        waiting.until(driver -> String.valueOf(driver.switchTo().activeElement().getDomAttribute("aria-label"))
                .contains("/second-rule"));
        browser.switchTo().activeElement().sendKeys(Keys.SPACE);
        waiting.until(ExpectedConditions.textToBe(By.id("faults-server"), NO_RULE));
        assertThat(server.faults().remove(second)).as("removed by the console").isFalse();
        // said once made
        waiting.until(ExpectedConditions.textToBe(
                By.id("fault-server-done"), "Removed: the rule for GET /second-rule that answers HTTP 500."));
        waiting.until(
                driver -> "view-faults".equals(driver.switchTo().activeElement().getDomAttribute("id")));

        server.hosts().get(1).faults().next(3, Fault.status(503));
        By hostRemove = By.cssSelector("#hosts-table tr[data-host='1'] button.remove-rule");
        waiting.until(ExpectedConditions.attributeContains(
                hostRemove, "aria-label", "Remove the fault of host 1 that answers HTTP 503"));
        browser.findElement(hostRemove).sendKeys(Keys.ENTER);
        waiting.until(driver -> server.hosts().get(1).faults().ruleIds().isEmpty());
        waiting.until(ExpectedConditions.numberOfElementsToBe(hostRemove, 0));
        assertThat(find("fault-host-error").getText()).isEmpty();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("fault-host-done"), "Removed: the fault of host 1 that answers HTTP 503"));
    }

    @Test
    @Order(99)
    void saysSoWhenTheServerStopsAnswering() {
        tab("charts");
        MockServer stopping = server;
        server = null;
        stopping.close();
        waiting.until(ExpectedConditions.textToBePresentInElementLocated(By.id("charts-error"), "did not answer"));
        // an alert is said when written: written again each second, a screen reader would say it each second
        browser.executeScript("window.errorShown = document.getElementById('charts-error').firstChild;"
                + " window.callsThen = window.calls;");
        long then = counted("callsThen");
        for (int refresh = 1; refresh <= 2; refresh++) {
            long made = then + refresh;
            refreshNow();
            waiting.until(driver -> calls() >= made
                    && "0".equals(driver.findElement(By.id("views")).getDomAttribute("data-pending")));
        }
        assertThat((Boolean) browser.executeScript(
                        "return document.getElementById('charts-error').firstChild === window.errorShown"))
                .as("the error written once, not again at each refresh")
                .isTrue();
    }

    /** Asserts the page is no wider than the window: nothing shown makes it scroll sideways. */
    private static void assertWithinThePagesWidth(String what) {
        answered();
        assertThat(browser.executeScript("return document.documentElement.scrollWidth"))
                .as(what)
                .isEqualTo(browser.executeScript("return document.documentElement.clientWidth"));
    }

    /** The index above and enough others that the index list takes two pages. */
    private static void seedHostileIndices() throws IOException {
        String record = "{\"objectID\":\"</script><script>window.pwned=2</script>\","
                + "\"html\":\"<img src=x onerror=window.pwned=3>\",\"fake\":\"<mark>fake</mark>\",\"sign\":\"-1\",\"big\":\""
                + "a".repeat(1_000_000) + "\"}";
        StringBuilder batch = new StringBuilder("{\"requests\":[");
        for (int i = 0; i < 120; i++) {
            batch.append(i == 0 ? "" : ",")
                    .append("{\"action\":\"addObject\",\"indexName\":\"zz-")
                    .append(i)
                    .append("\",\"body\":{\"n\":")
                    .append(i)
                    .append("}}");
        }
        // beside the record whose sign is -1, two others: a filter excluding 1 instead would keep two
        for (String body :
                new String[] {record, "{\"html\":\"onerror\",\"sign\":\"1\"}", "{\"html\":\"onerror\",\"sign\":\"2\"}"
                }) {
            batch.append(",{\"action\":\"addObject\",\"indexName\":\"")
                    .append(HOSTILE_INDEX)
                    .append("\",\"body\":")
                    .append(body)
                    .append('}');
        }
        batch.append("]}");
        send("POST", "/1/indexes/*/batch", batch.toString());
        send(
                "PUT",
                "/1/indexes/"
                        + URLEncoder.encode(HOSTILE_INDEX, StandardCharsets.UTF_8)
                                .replace("+", "%20") + "/settings",
                "{\"attributesForFaceting\":[\"html\",\"sign\"]}");
    }

    private static void send(String method, String path, String body) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.url() + path))
                .header("X-Service-Application-Id", server.applicationId())
                .header("X-Service-API-Key", ADMIN_KEY)
                .method(method, HttpRequest.BodyPublishers.ofString(body))
                .build();
        try {
            int status = HttpClient.newHttpClient()
                    .send(request, HttpResponse.BodyHandlers.discarding())
                    .statusCode();
            assertThat(status).as(method + " " + path).isEqualTo(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** {@return the value of a key made with the admin key} */
    private static String createKey(String definition) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.url() + "/1/keys"))
                .header("X-Service-Application-Id", server.applicationId())
                .header("X-Service-API-Key", ADMIN_KEY)
                .POST(HttpRequest.BodyPublishers.ofString(definition))
                .build();
        String body = HttpClient.newHttpClient()
                .send(request, HttpResponse.BodyHandlers.ofString())
                .body();
        Matcher key = Pattern.compile("\"key\"\\s*:\\s*\"([^\"]+)\"").matcher(body);
        assertThat(key.find()).as(body).isTrue();
        HttpRequest use = HttpRequest.newBuilder(URI.create(server.url() + "/_mock/console/api/tasks"))
                .header("X-Service-Application-Id", server.applicationId())
                .header("X-Service-API-Key", key.group(1))
                .header("Referer", "https://shop.example/") // what a key restricted to that shop needs
                .build();
        waiting.until(
                driver -> { // a key is taken once its task is published
                    try {
                        return HttpClient.newHttpClient()
                                        .send(use, HttpResponse.BodyHandlers.discarding())
                                        .statusCode()
                                == 200;
                    } catch (IOException | InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                });
        return key.group(1);
    }

    private static void type(String id, String text) {
        WebElement field = find(id);
        field.clear();
        if (!text.isEmpty()) {
            field.sendKeys(text);
        }
    }

    private static void typeIndex(String name) {
        WebElement field = find("search-index");
        field.clear();
        field.sendKeys(name);
    }

    /**
     * Leaves the index field with the keyboard, for the query's: the index typed changed, so it is searched at once with
     * the query there is. A click elsewhere may only close the field's list of suggestions, and leave the search to
     * the next key.
     */
    private static void indexChanged() {
        find("search-index").sendKeys(Keys.TAB);
        waiting.until(driver ->
                "search-query".equals(driver.switchTo().activeElement().getDomAttribute("id")));
    }

    private static int searchOnSecondHost() throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(server.hosts().get(1).url() + "/1/indexes/products/query"))
                .header("X-Service-Application-Id", server.applicationId())
                .header("X-Service-API-Key", ADMIN_KEY)
                .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"orbit\"}"))
                .build();
        return HttpClient.newHttpClient()
                .send(request, HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private static void signIn(String key) {
        // signing out loads the page anew: the form of the new page, once it knows the application ID
        waiting.until(driver -> driver.findElement(By.id("sign-in")).isDisplayed()
                && !driver.findElement(By.id("app-id")).getDomProperty("value").isEmpty());
        WebElement field = find("api-key");
        field.clear();
        field.sendKeys(key);
        find("sign-in-button").click();
    }

    private static void tab(String view) {
        browser.findElement(By.cssSelector("#tabs button[data-view='" + view + "']"))
                .click();
        waiting.until(ExpectedConditions.visibilityOfElementLocated(By.id("view-" + view)));
        // the view's answers shown: rows found from now on are not made anew by an answer still on its way
        answered();
    }

    /** Every call the page made answered and drawn (its own count of calls under way, which nothing reads out). */
    private static void answered() {
        waiting.until(ExpectedConditions.attributeToBe(By.id("views"), "data-pending", "0"));
    }

    private static long calls() {
        return counted("calls");
    }

    /** {@return a count the page keeps for the test, by its name on {@code window}} */
    private static long counted(String name) {
        return ((Number) browser.executeScript("return window." + name)).longValue();
    }

    private static WebElement find(String id) {
        return browser.findElement(By.id(id));
    }

    private static void screenshot(String name) throws IOException {
        Files.write(screenshots.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
    }
}
