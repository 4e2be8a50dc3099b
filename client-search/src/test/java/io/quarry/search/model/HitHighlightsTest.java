package io.quarry.search.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.FreeFormRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A hit's highlights and snippets, for attributes holding one value, a list, or a nested object. */
class HitHighlightsTest {

    private static Map<String, Object> highlight(String value, String level) {
        return Map.of("value", value, "matchLevel", level, "matchedWords", List.of());
    }

    private static final FreeFormRecord RAW = FreeFormRecord.builder()
            .objectID("p1")
            .put("name", "red phone")
            .put("categories", List.of("Phones", "Cases"))
            .put(
                    "_highlightResult",
                    Map.of(
                            "name", highlight("red <em>phone</em>", "full"),
                            "categories", List.of(highlight("<em>Phone</em>s", "full"), highlight("Cases", "none")),
                            "author", Map.of("first", highlight("Ann", "none"))))
            .put("_snippetResult", Map.of("categories", List.of(highlight("Phones", "none"), "odd")))
            .build();

    private final Hit<FreeFormRecord> hit = Hit.of(RAW, FreeFormRecord.class);

    @Test
    void anAttributeHoldingAListHasOneHighlightPerItemInOrder() {
        assertThat(hit.highlights("categories"))
                .extracting(HighlightResult::value)
                .containsExactly("<em>Phone</em>s", "Cases");
        // one value's accessor answers empty for a list, rather than failing on its shape
        assertThat(hit.highlight("categories")).isEmpty();
        assertThat(hit.snippets("categories"))
                .extracting(HighlightResult::value)
                .containsExactly("Phones");
    }

    @Test
    void anAttributeHoldingOneValueHasOneHighlightAndNoList() {
        assertThat(hit.highlight("name")).map(HighlightResult::value).contains("red <em>phone</em>");
        assertThat(hit.highlights("name")).isEmpty();
        assertThat(hit.highlight("missing")).isEmpty();
        assertThat(hit.highlights("missing")).isEmpty();
    }

    @Test
    void aNestedAttributeHasNeitherItsHighlightsStayInTheWholeMember() {
        assertThat(hit.highlight("author")).isEmpty();
        assertThat(hit.highlights("author")).isEmpty();
        assertThat(hit.highlightResult().orElseThrow().getRecord("author")).isPresent();
    }

    @Test
    void membersOfAnotherShapeThanTheServiceSendsReadAsAbsent() {
        Hit<FreeFormRecord> odd = Hit.of(
                FreeFormRecord.builder()
                        .put("_highlightResult", "not an object")
                        .put("_snippetResult", List.of(1))
                        .build(),
                FreeFormRecord.class);

        assertThat(odd.highlightResult()).isEmpty();
        assertThat(odd.highlight("name")).isEmpty();
        assertThat(odd.highlights("name")).isEmpty();
        assertThat(odd.snippetResult()).isEmpty();
        assertThat(odd.snippet("name")).isEmpty();
    }

    @Test
    void anAttributeOfNullIsRefusedNamingIt() {
        assertThatThrownBy(() -> hit.highlight(null)).hasMessage("attribute");
        assertThatThrownBy(() -> hit.highlights(null)).hasMessage("attribute");
        assertThatThrownBy(() -> hit.snippet(null)).hasMessage("attribute");
        assertThatThrownBy(() -> hit.snippets(null)).hasMessage("attribute");
    }
}
