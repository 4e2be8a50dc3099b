package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.internal.index.RecordStore;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

/** Rule placeholders recognise the facet values of live records only, first indexed first. */
class FacetVocabularyTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void valuesOfRemovedRecordsAreForgotten() {
        RecordStore store = new RecordStore();
        Faceting faceting = Faceting.of(NODES.arrayNode().add("brand"));
        store.put(NODES.objectNode().put("objectID", "1").put("brand", "Foo Bar"));
        store.put(NODES.objectNode().put("objectID", "2").put("brand", "Gone"));
        assertThat(new FacetVocabulary(store, faceting).value("brand", List.of("foo", "bar")))
                .isEqualTo("Foo Bar");
        store.remove("1");
        store.remove("2");
        store.put(NODES.objectNode().put("objectID", "3").put("brand", "foo bar"));
        FacetVocabulary vocabulary = new FacetVocabulary(store, faceting);
        assertThat(vocabulary.value("brand", List.of("foo", "bar"))).isEqualTo("foo bar");
        assertThat(vocabulary.value("brand", List.of("gone"))).isNull();
    }
}
