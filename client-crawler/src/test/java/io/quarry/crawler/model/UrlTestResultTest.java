package io.quarry.crawler.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A test's result is a value: its maps were the caller's own, so a change to them changed the result. */
class UrlTestResultTest {

    @Test
    void itsMapsAreUnmodifiableCopiesKeepingNullValues() {
        Map<String, Object> error = new HashMap<>();
        error.put("code", "too_large");
        error.put("message", null);
        Map<String, Object> external = new HashMap<>(Map.of("k", "v"));

        UrlTestResult result = new UrlTestResult(null, null, null, null, List.of(), external, error);
        error.put("code", "changed");
        external.clear();

        assertThat(result.error()).containsEntry("code", "too_large").containsEntry("message", null);
        assertThat(result.externalData()).containsEntry("k", "v");
        assertThatThrownBy(() -> result.error().put("code", "x")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> result.externalData().clear()).isInstanceOf(UnsupportedOperationException.class);
    }
}
