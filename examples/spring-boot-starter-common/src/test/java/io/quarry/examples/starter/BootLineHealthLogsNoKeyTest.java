package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.read.ListAppender;
import io.quarry.mockserver.MockServer;
import io.quarry.spring.QuarryAutoConfiguration;
import io.quarry.spring.QuarryBoot3HealthAutoConfiguration;
import io.quarry.spring.QuarryBoot4HealthAutoConfiguration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The health checks log no key, with the clients logging everything ({@code quarry.log-level=bodies}, Quarry's
 * loggers at TRACE): neither the keys the service accepts nor the ones it refuses, whose refusals become the
 * checks' details. Captures the application's logs, so it runs alone.
 */
@Isolated
class BootLineHealthLogsNoKeyTest {

    private static final List<String> CHECKS =
            List.of("search", "personalization", "query-suggestions", "monitoring", "crawler");

    private MockServer server;
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private Logger quarry;
    private Level quarryLevel;

    @BeforeEach
    void captureLogs() {
        server = MockServer.builder().start();
        LoggerContext logging = (LoggerContext) LoggerFactory.getILoggerFactory();
        logged.setContext(logging);
        logged.start();
        logging.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).addAppender(logged);
        quarry = logging.getLogger("io.quarry");
        quarryLevel = quarry.getLevel();
        quarry.setLevel(Level.TRACE);
    }

    @AfterEach
    void stopCapturing() {
        LoggerContext logging = (LoggerContext) LoggerFactory.getILoggerFactory();
        logging.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).detachAppender(logged);
        quarry.setLevel(quarryLevel);
        server.close();
    }

    @Test
    void noCheckLogsAKeyAcceptedOrRefused() {
        ApplicationContextRunner runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(
                        QuarryAutoConfiguration.class,
                        QuarryBoot3HealthAutoConfiguration.class,
                        QuarryBoot4HealthAutoConfiguration.class))
                .withConfiguration(AutoConfigurations.of(BootLineHealth.ENDPOINT_CONFIGURATIONS))
                .withPropertyValues(
                        "quarry.application-id=" + server.applicationId(),
                        "quarry.hosts=" + server.url(),
                        "quarry.usage.api-key=" + server.usageKey(),
                        "quarry.crawler.user-id=" + server.crawlerUserId(),
                        "quarry.log-level=bodies",
                        "quarry.health.timeout=30s") // never reached: every check answers
                .withPropertyValues(CHECKS.stream()
                        .map(check -> "quarry.health." + check + ".enabled=true")
                        .toArray(String[]::new));
        List<String> keys = List.of(
                server.adminKey(),
                server.monitoringKey(),
                server.crawlerApiKey(),
                "wrong-api-key",
                "wrong-monitoring-key",
                "wrong-crawler-key");

        runner.withPropertyValues(
                        "quarry.api-key=" + server.adminKey(),
                        "quarry.monitoring.api-key=" + server.monitoringKey(),
                        "quarry.crawler.api-key=" + server.crawlerApiKey())
                .run(context -> {
                    BootLineHealth.Evaluated quarry = BootLineHealth.quarry(context);
                    assertThat(quarry.checks()).as(quarry.toString()).doesNotContainValue("DOWN");
                });
        runner.withPropertyValues(
                        "quarry.api-key=wrong-api-key",
                        "quarry.monitoring.api-key=wrong-monitoring-key",
                        "quarry.crawler.api-key=wrong-crawler-key")
                .run(context -> {
                    BootLineHealth.Evaluated quarry = BootLineHealth.quarry(context);
                    assertThat(quarry.checks()).as(quarry.toString()).doesNotContainValue("UP");
                });

        List<String> lines = lines();
        assertThat(lines).as("the clients log the checks' calls").isNotEmpty();
        for (String key : keys) {
            assertThat(lines).noneMatch(line -> line.contains(key));
        }
    }

    /** {@return every captured event's message and its failures' messages} */
    private List<String> lines() {
        List<String> lines = new ArrayList<>();
        for (ILoggingEvent event : logged.list) {
            lines.add(event.getLoggerName() + " " + event.getFormattedMessage());
            for (IThrowableProxy failure = event.getThrowableProxy(); failure != null; failure = failure.getCause()) {
                lines.add(failure.getClassName() + ": " + failure.getMessage());
            }
        }
        return lines;
    }
}
