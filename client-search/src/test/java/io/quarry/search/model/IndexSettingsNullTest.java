package io.quarry.search.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** As the class documents: a setter given null removes the setting (not sent); null through of(Map) is sent. */
class IndexSettingsNullTest {

    @Test
    void aSetterGivenNullRemovesTheSetting() {
        IndexSettings settings = IndexSettings.of()
                .highlightPreTag("<b>")
                .queryType("prefixAll")
                .highlightPreTag(null)
                .setting("queryType", null);

        assertThat(settings.values()).isEmpty();
    }

    @Test
    void nullThroughOfIsSentToResetTheSetting() {
        Map<String, Object> reset = new HashMap<>();
        reset.put("highlightPreTag", null);

        assertThat(IndexSettings.of(reset).values()).containsEntry("highlightPreTag", null);
    }
}
