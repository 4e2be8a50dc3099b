package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Requested facets are looked up among the faceting declarations by name, so a long setting and a long list of
 * facets cost a search time linear in the two: scanning the declarations for each requested name cost their
 * product (40,000 facets took 22 s a search).
 */
class FacetDeclarationReadsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int COUNT = 5_000;

    @Test
    void eachRequestedFacetIsLookedUpNotSearchedFor() {
        List<Faceting.Attribute> declared = new ArrayList<>();
        ObjectNode request = JSON.createObjectNode();
        ArrayNode facets = request.putArray("facets");
        for (int i = 0; i < COUNT; i++) {
            declared.add(new Faceting.Attribute("f" + i, false, false));
            facets.add("f" + i);
        }
        declared.add(new Faceting.Attribute("*", false, false));
        facets.add("*").add("*").add("g");
        CountedDeclarations counted = new CountedDeclarations(declared);
        Faceting faceting = new Faceting(counted);
        SearchOptions options = new SearchOptions(
                RequestParams.parse(request, null, SearchOptions.SEARCH_PARAMETERS, false), JSON.createObjectNode());

        FacetCounter counter = new FacetCounter(options, faceting);

        assertThat(counter.requested()).isTrue();
        assertThat(faceting.find("g")).as("declared by *").isEqualTo(declared.get(COUNT));
        assertThat(faceting.find("f9")).isEqualTo(declared.get(9));
        // the declarations scanned for each requested name: about COUNT² reads
        assertThat(counted.reads)
                .as("declarations read for %d declared and requested facets", COUNT)
                .isLessThanOrEqualTo(6L * COUNT);
    }

    /** Faceting declarations that count how often they are read. */
    private static final class CountedDeclarations extends AbstractList<Faceting.Attribute> {
        private final List<Faceting.Attribute> declared;
        private long reads;

        CountedDeclarations(List<Faceting.Attribute> declared) {
            this.declared = declared;
        }

        @Override
        public Faceting.Attribute get(int index) {
            reads++;
            return declared.get(index);
        }

        @Override
        public int size() {
            reads++;
            return declared.size();
        }
    }
}
