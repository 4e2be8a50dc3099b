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
 * What the engine's choices do, by each constructor and by {@code retrieve}: {@link UnknownParameters} decides
 * whether an unknown search parameter is refused, the caller's {@link SearchContext} whether unretrievable
 * attributes are returned.
 */
class SearchEngineChoicesTest {

    private static final ObjectNode UNKNOWN = Fixture.json("{'noSuchParameter':1}");

    @Test
    void refusedRefusesAnUnknownParameterByName() {
        assertThat(refusal(new SearchEngine(UnknownParameters.REFUSED)))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("noSuchParameter");
        assertThat(refusal(new SearchEngine(
                        UnknownParameters.REFUSED, Clock.systemUTC(), () -> LanguageDictionaries.NONE)))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("noSuchParameter");
    }

    @Test
    void ignoredIgnoresItAndIsTheDefault() {
        assertThat(refusal(new SearchEngine(UnknownParameters.IGNORED))).isNull();
        assertThat(refusal(new SearchEngine(
                        UnknownParameters.IGNORED, Clock.systemUTC(), () -> LanguageDictionaries.NONE)))
                .isNull();
        assertThat(refusal(new SearchEngine())).isNull();
    }

    @Test
    void noChoiceIsRefusedByName() {
        assertThatNullPointerException()
                .isThrownBy(() -> new SearchEngine((UnknownParameters) null))
                .withMessage("unknownParameters");
        assertThatNullPointerException()
                .isThrownBy(() -> new SearchEngine(null, Clock.systemUTC(), () -> LanguageDictionaries.NONE))
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

            assertThat(hidden.has("secret")).as("without the right: %s", hidden).isFalse();
            assertThat(shown.has("secret")).as("with the right: %s", shown).isTrue();
            assertThat(hidden.has("title")).isTrue();
            assertThat(shown.has("title")).isTrue();
        }
    }

    /** What the engine throws for a search with an unknown parameter, or null when it answers. */
    private static Throwable refusal(SearchEngine engine) {
        Fixture f = new Fixture().records("{'objectID':'1','title':'a'}");
        return catchThrowable(() -> engine.search(f.data, f.config(), UNKNOWN, SearchContext.unrestricted("t")));
    }
}
