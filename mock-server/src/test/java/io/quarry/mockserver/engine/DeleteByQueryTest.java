package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DeleteByQueryTest {

    private final Fixture fixture = new Fixture()
            .settings("{'attributesForFaceting':['color']}")
            .records(
                    "{'objectID':'a','color':'red','price':1,'_tags':['x']}",
                    "{'objectID':'b','color':'blue','price':2}",
                    "{'objectID':'c','color':'red','price':3}");

    @Test
    void findsTheRecordsMatchingTheFilters() {
        assertThat(fixture.engine.matchingObjectIDs(
                        fixture.data, fixture.config(), Fixture.json("{'params':'filters=color%3Ared'}")))
                .containsExactly("a", "c");
        assertThat(fixture.engine.matchingObjectIDs(
                        fixture.data,
                        fixture.config(),
                        Fixture.json("{'numericFilters':['price>1'],'facetFilters':['color:red']}")))
                .containsExactly("c");
        assertThat(fixture.engine.matchingObjectIDs(
                        fixture.data, fixture.config(), Fixture.json("{'tagFilters':['x']}")))
                .containsExactly("a");
    }

    @Test
    void refusesAnEmptyFilterOrAQuery() {
        assertThatThrownBy(() -> fixture.engine.matchingObjectIDs(fixture.data, fixture.config(), Fixture.json("{}")))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("at least one filter");
        assertThatThrownBy(() -> fixture.engine.matchingObjectIDs(
                        fixture.data, fixture.config(), Fixture.json("{'params':'query=red&filters=color%3Ared'}")))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("query");
        assertThatThrownBy(() -> fixture.engine.matchingObjectIDs(
                        fixture.data,
                        fixture.config(),
                        Fixture.json("{'filters':'(color:red AND price:1) OR price:3'}")))
                .isInstanceOf(EngineException.class);
    }
}
