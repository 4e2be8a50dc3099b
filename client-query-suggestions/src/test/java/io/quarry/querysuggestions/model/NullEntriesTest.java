package io.quarry.querysuggestions.model;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A null in a list of a configuration is refused by the name of its member. */
class NullEntriesTest {

    @Test
    void aNullEntryIsNamed() {
        QuerySuggestionsConfig config = QuerySuggestionsConfig.of("sugg", SourceIndex.of("products"));
        SourceIndex source = SourceIndex.of("products");

        assertThatThrownBy(() -> config.languages("en", null)).hasMessage("languages must not hold null");
        assertThatThrownBy(() -> config.exclude((String) null)).hasMessage("exclude must not hold null");
        assertThatThrownBy(() -> config.sourceIndices(source, null)).hasMessage("sourceIndices must not hold null");
        assertThatThrownBy(() -> source.analyticsTags("a", null)).hasMessage("analyticsTags must not hold null");
        assertThatThrownBy(() -> source.facets((FacetAmount) null)).hasMessage("facets must not hold null");
        assertThatThrownBy(() -> source.generate("brand", null)).hasMessage("generate must not hold null");
        assertThatThrownBy(() -> source.external((String) null)).hasMessage("external must not hold null");
        assertThatThrownBy(() ->
                        new SourceIndex("p", null, null, null, null, Arrays.asList((List<String>) null), null, null))
                .hasMessage("generate must not hold null");
    }
}
