package io.quarry.querysuggestions.model;

import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import org.junit.jupiter.api.Test;

/** A configuration's withers refuse a null array, naming it, where they failed with no message. */
class VarargsNullsTest {

    @Test
    void aNullArrayIsNamed() {
        QuerySuggestionsConfig config = QuerySuggestionsConfig.of("products_qs", SourceIndex.of("products"));

        assertThatNullPointerException()
                .isThrownBy(() -> config.sourceIndices((SourceIndex[]) null))
                .withMessage("sources");
        assertThatNullPointerException()
                .isThrownBy(() -> config.languages((String[]) null))
                .withMessage("codes");
        assertThatNullPointerException()
                .isThrownBy(() -> config.exclude((String[]) null))
                .withMessage("wordsOrPatterns");
    }
}
