package io.quarry.mockserver.console;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Headless Chromium driven through the chromedriver the system installs (Debian's {@code chromium} and
 * {@code chromium-driver}), both given by path so that Selenium Manager never looks for, or downloads, either.
 * {@code -Dquarry.chromium=PATH} and {@code -Dquarry.chromedriver=PATH} point elsewhere.
 */
final class Chromium {

    static final Path BROWSER = Path.of(System.getProperty("quarry.chromium", "/usr/bin/chromium"));
    static final Path DRIVER = Path.of(System.getProperty("quarry.chromedriver", "/usr/bin/chromedriver"));

    private Chromium() {}

    /** {@return why the browser tests cannot run here, or {@code null} when they can} */
    static String missing() {
        for (Path program : List.of(BROWSER, DRIVER)) {
            if (!Files.isExecutable(program)) {
                return "browser tests skipped: " + program
                        + " not found (install chromium and chromium-driver, or run .ci/browser)";
            }
        }
        return null;
    }

    /**
     * {@return a new headless browser with a fresh profile}
     *
     * @param profile an empty directory for the browser's profile
     */
    static ChromeDriver start(Path profile) {
        System.setProperty("webdriver.chrome.driver", DRIVER.toString());
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--window-size=1280,1000",
                "--user-data-dir=" + profile.toAbsolutePath());
        // the page's console messages, so that a test can tell that a view ran without an error
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(DRIVER.toString()))
                .usingAnyFreePort()
                .withTimeout(Duration.ofSeconds(30))
                .build();
        return new ChromeDriver(service, options);
    }
}
