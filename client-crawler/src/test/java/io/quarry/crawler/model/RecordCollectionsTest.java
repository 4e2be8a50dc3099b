package io.quarry.crawler.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.testsupport.RecordCollections;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** This module's public records keep their lists and maps as their own unmodifiable copies. */
class RecordCollectionsTest {

    @Test
    void noRecordOfTheModuleSharesACollectionWithItsCaller() {
        assertThat(RecordCollections.problemsIn("io.quarry.crawler", "io.quarry.crawler.model"))
                .isEmpty();
    }

    @Test
    void aTestResultsErrorAndLogsStayAsTheyWereRead() {
        Map<String, Object> error = new HashMap<>();
        List<String> line = new ArrayList<>(List.of("INFO", "fetched"));
        UrlTestResult result = new UrlTestResult(null, null, List.of(line), null, null, null, error);

        error.put("code", "fetch_failed");
        line.add("later");

        assertThat(result.failed()).isFalse();
        assertThat(result.logs()).containsExactly(List.of("INFO", "fetched"));
        assertThatThrownBy(() -> result.error().put("code", "x")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> result.logs().get(0).add("x")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aTestedRecordStaysAsItWasRead() {
        Map<String, Object> page = new HashMap<>(Map.of("title", "Home"));
        List<Map<String, Object>> records = new ArrayList<>(List.of(page));
        TestedIndexRecords tested =
                new TestedIndexRecords("site", records, List.of(new ExtractorRecords(0, "custom", records)));

        page.put("title", "Changed");

        assertThat(tested.records()).containsExactly(Map.of("title", "Home"));
        assertThat(tested.recordsPerExtractor().get(0).records()).containsExactly(Map.of("title", "Home"));
        assertThatThrownBy(() -> tested.records().get(0).put("title", "x"))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() ->
                        tested.recordsPerExtractor().get(0).records().get(0).clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
