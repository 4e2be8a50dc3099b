package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The quickstart that ./demo runs completes, and each step shows what it promises. */
class QuickstartTest {

    @Test
    void everyStepShowsItsEffect() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        new Quickstart(new PrintStream(buffer, true, StandardCharsets.UTF_8)).run();
        String report = buffer.toString(StandardCharsets.UTF_8);

        assertThat(report)
                .contains("3,000 / 3,000 records acknowledged")
                .contains("settings applied")
                .contains("Garmin products browsed")
                .containsPattern("with the secured key, \"phone\" finds \\d+ products, brands: \\[Apple\\]")
                .contains("writing with it is refused: HTTP 403")
                .doesNotContain("UNEXPECTED")
                .contains("before: \"telly\" finds 0 products")
                .containsPattern("after:  \"telly\" finds [1-9]\\d* products")
                .contains("before: \"cheap speaker\" finds 0 products")
                .containsPattern("after:  \"cheap speaker\" finds [1-9]\\d* products")
                .containsPattern("3 tracked searches; clicked and bought \\S+ \\(query \\w+\\)")
                .containsPattern("\"headphones\" +\\d+ searches, 2 tracked  CTR 50%  conversion rate 50%")
                .containsPattern("\"smartwatch\" +\\d+ searches, 1 tracked  CTR 0%  conversion rate 0%")
                .containsPattern("total_search_requests +[1-9]")
                .containsPattern("total_write_operations +[1-9]")
                .containsPattern("records +3,0\\d\\d")
                .contains("Done.");
    }
}
