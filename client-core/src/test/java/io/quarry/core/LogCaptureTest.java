package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.CapturingLogProvider.Event;
import io.quarry.core.testing.LogCapture;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/** The log capture records what Quarry's loggers say, formatted, from the moment it starts. */
class LogCaptureTest {

    @Test
    void capturesQuarryLogLinesAtEveryLevelFromItsStart() {
        LoggerFactory.getLogger("io.quarry.core.capture").debug("before the capture");
        try (LogCapture capture = LogCapture.start()) {
            LoggerFactory.getLogger("io.quarry.core.capture").trace("body {}", 42);

            // only this logger's: the capture is global, and a call of another test class may still be logging
            assertThat(capture.events().stream().filter(event -> event.logger().equals("io.quarry.core.capture")))
                    .containsExactly(new Event("io.quarry.core.capture", Level.TRACE, "body 42"));
        }
    }
}
