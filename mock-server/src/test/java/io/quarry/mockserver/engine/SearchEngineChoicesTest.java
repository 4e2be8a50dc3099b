package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.mockserver.engine.SearchEngine.UnknownParameters;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * The replacements of the engine's bare-boolean forms do what the deprecated forms did: {@link UnknownParameters}
 * for the {@code strict} flag, the caller's {@link SearchContext} for {@code seeUnretrievableAttributes}.
 */
@SuppressWarnings("deprecation") // each test compares a replacement with the form it replaces
class SearchEngineDeprecatedFormsTest {

    private static final ObjectNode UNKNOWN = Fixture.json("{'noSuchParameter':1}");

    @Test
    void refusedIsStrictTrue() {
        assertThat(refusal(new SearchEngine(UnknownParameters.REFUSED)))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("noSuchParameter")
                .hasMessage(refusal(new SearchEngine(true)).getMessage());
        assertThat(refusal(new SearchEngine(
                        UnknownParameters.REFUSED, Clock.systemUTC(), () -> LanguageDictionaries.NONE)))
                .hasMessage(refusal(new SearchEngine(true, Clock.systemUTC(), () -> LanguageDictionaries.NONE))
                        .getMessage());
    }

    @Test
    void ignoredIsStrictFalseAndTheDefault() {
        assertThat(refusal(new SearchEngine(UnknownParameters.IGNORED))).isNull();
        assertThat(refusal(new SearchEngine(false))).isNull();
        assertThat(refusal(new SearchEngine(
                        UnknownParameters.IGNORED, Clock.systemUTC(), () -> LanguageDictionaries.NONE)))
                .isNull();
        assertThat(refusal(new SearchEngine(false, Clock.systemUTC(), () -> LanguageDictionaries.NONE)))
                .isNull();
        assertThat(refusal(new SearchEngine())).isNull();
    }

    @Test
    void noChoiceIsRefusedByName() {
        assertThatNullPointerException()
                .isThrownBy(() -> new SearchEngine((UnknownParameters) null))
                .withMessage("unknownParameters");
    }

    @Test
    void retrieveWithAContextReadsItsRightToSeeUnretrievableAttributes() {
        Fixture f = new Fixture().settings("{'unretrievableAttributes':['secret']}");
        ObjectNode record = Fixture.json("{'objectID':'1','title':'a','secret':'s'}");
        SearchContext anyKey = SearchContext.unrestricted("t");
        SearchContext privileged = new SearchContext("t", Fixture.json("{}"), List.of(), 0, true);

        for (List<String> attributes : Arrays.asList(null, List.of("*"), List.of("secret", "title"))) {
            ObjectNode hidden = SearchEngine.retrieve(record, f.config(), attributes, anyKey);
            ObjectNode shown = SearchEngine.retrieve(record, f.config(), attributes, privileged);

            assertThat(hidden.equals(SearchEngine.retrieve(record, f.config(), attributes, false)))
                    .as("without the right, as with false: %s", hidden)
                    .isTrue();
            assertThat(shown.equals(SearchEngine.retrieve(record, f.config(), attributes, true)))
                    .as("with the right, as with true: %s", shown)
                    .isTrue();
            assertThat(hidden.has("secret")).isFalse();
            assertThat(shown.has("secret")).isTrue();
        }
    }

    /** What the engine throws for a search with an unknown parameter, or null when it answers. */
    private static Throwable refusal(SearchEngine engine) {
        Fixture f = new Fixture().records("{'objectID':'1','title':'a'}");
        return catchThrowable(() -> engine.search(f.data, f.config(), UNKNOWN, SearchContext.unrestricted("t")));
    }
}
