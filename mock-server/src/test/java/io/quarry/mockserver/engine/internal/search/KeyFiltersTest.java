package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.SearchContext;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The filters a key forces, applied to one record read by its objectID. */
class KeyFiltersTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static ObjectNode json(String text) {
        return (ObjectNode) JSON.readTree(text.replace('\'', '"'));
    }

    private static SearchContext context(String forced, List<String> extraFilters) {
        return new SearchContext("items", json(forced), extraFilters, 0, false);
    }

    @Test
    void keepsWhatTheKeysFiltersKeep() {
        ObjectNode settings = json("{'attributesForFaceting':['owner']}");
        ObjectNode ann = json("{'objectID':'1','owner':'ann','price':5,'_tags':['new']}");

        assertThat(KeyFilters.keep(ann, settings, context("{}", List.of()))).isTrue();
        assertThat(KeyFilters.keep(ann, settings, context("{}", List.of("owner:ann"))))
                .isTrue();
        assertThat(KeyFilters.keep(ann, settings, context("{}", List.of("owner:bob"))))
                .isFalse();
        assertThat(KeyFilters.keep(ann, settings, context("{'facetFilters':'owner:bob'}", List.of())))
                .isFalse();
        assertThat(KeyFilters.keep(ann, settings, context("{'numericFilters':'price<3'}", List.of())))
                .isFalse();
        assertThat(KeyFilters.keep(ann, settings, context("{'tagFilters':'new','hitsPerPage':'1'}", List.of())))
                .isTrue();
    }
}
