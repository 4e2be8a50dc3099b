package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * The engine's public records keep their own unmodifiable collections (the whole package is checked by the examples'
 * RecordCollectionsTest), and copy nothing when given the unmodifiable lists the server builds, since a search
 * context is built for every search.
 */
class RecordCopiesTest {

    @Test
    void aConfigurationIsNotChangedThroughTheListsItWasBuiltFrom() {
        List<ObjectNode> synonyms = new ArrayList<>(List.of(Fixture.json("{'objectID':'s1'}")));
        IndexConfig config = new IndexConfig(Fixture.json("{}"), synonyms, new ArrayList<>());

        synonyms.clear();

        assertThat(config.synonyms()).hasSize(1);
        assertThatThrownBy(() -> config.rules().add(Fixture.json("{}")))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aSearchContextKeepsTheServersUnmodifiableFiltersWithoutCopyingThem() {
        List<String> filters = List.of("tenant:42");

        SearchContext context = new SearchContext("items", Fixture.json("{}"), filters, 0, false);

        assertThat(context.extraFilters()).isSameAs(filters);
        List<String> mutable = new ArrayList<>(filters);
        SearchContext copied = new SearchContext("items", Fixture.json("{}"), mutable, 0, false);
        mutable.clear();
        assertThat(copied.extraFilters()).containsExactly("tenant:42");
    }

    @Test
    void dictionariesShareNoCollectionWithTheirCaller() {
        Set<String> stops = new HashSet<>(Set.of("the"));
        List<Set<String>> groups = new ArrayList<>(List.of(new HashSet<>(Set.of("mouse", "mice"))));
        Map<String, List<String>> splits =
                new HashMap<>(Map.of("sunflower", new ArrayList<>(List.of("sun", "flower"))));

        LanguageDictionaries dictionaries =
                new LanguageDictionaries(Map.of("en", stops), Map.of("en", groups), Map.of("de", splits));
        stops.clear();
        groups.get(0).clear();
        splits.get("sunflower").clear();

        assertThat(dictionaries.stopWords().get("en")).containsExactly("the");
        assertThat(dictionaries.plurals().get("en").get(0)).containsExactlyInAnyOrder("mouse", "mice");
        assertThat(dictionaries.compounds().get("de").get("sunflower")).containsExactly("sun", "flower");
    }

    @Test
    void normalisedDictionariesKeepTheirInnerCollectionsAsBuilt() {
        LanguageDictionaries dictionaries =
                LanguageDictionaries.normalised(Map.of("en", List.of("The", "a")), Map.of(), Map.of());

        LanguageDictionaries again = new LanguageDictionaries(dictionaries.stopWords(), Map.of(), Map.of());

        assertThat(again.stopWords().get("en"))
                .isSameAs(dictionaries.stopWords().get("en"));
    }
}
