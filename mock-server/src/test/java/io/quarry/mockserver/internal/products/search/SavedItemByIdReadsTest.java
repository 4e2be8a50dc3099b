package io.quarry.mockserver.internal.products.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.state.Application;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Getting or deleting one synonym or rule by objectID reads that one, not every one the index holds: the saved items
 * count their own reads (their copies share the count), through the routes' package-private methods.
 */
class SavedItemByIdReadsTest {

    private static final int ITEMS = 5_000;
    /** What a look-up may read: the item found, a few times at most; a walk read all 5,000. */
    private static final long FEW = 10;

    private final Application app = new Application(Clock.systemUTC(), Duration.ZERO);
    private final AtomicLong reads = new AtomicLong();

    @Test
    void aSynonymIsGotAndDeletedByItsId() {
        List<ObjectNode> synonyms = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            ObjectNode synonym = counted("s" + i);
            synonym.put("type", "synonym");
            synonym.putArray("synonyms").add("a" + i).add("b" + i);
            synonyms.add(synonym);
        }
        app.write("shop", index -> {
            index.saveSynonyms(synonyms, false);
            return null;
        });
        SynonymRoutes routes = new SynonymRoutes(app);

        reads.set(0);
        Response found = routes.get(request("GET", "synonyms", "s4321"));
        assertThat(found.body().path("synonyms").path(0).asString()).isEqualTo("a4321");
        assertThat(reads.get()).as("synonyms read getting one").isLessThanOrEqualTo(FEW);

        reads.set(0);
        routes.delete(request("DELETE", "synonyms", "s1234"));
        assertThat(reads.get()).as("synonyms read deleting one").isLessThanOrEqualTo(FEW);
        assertThat(app.require("shop").synonym("s1234")).isNull();
        assertThat(app.require("shop").config().synonyms()).hasSize(ITEMS - 1);
    }

    @Test
    void aRuleIsGotAndDeletedByItsId() {
        List<ObjectNode> rules = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            ObjectNode rule = counted("r" + i);
            rule.putObject("consequence").putObject("params").put("query", "q" + i);
            rules.add(rule);
        }
        app.write("shop", index -> {
            index.saveRules(rules, false);
            return null;
        });
        RuleRoutes routes = new RuleRoutes(app);

        reads.set(0);
        Response found = routes.get(request("GET", "rules", "r4321"));
        assertThat(found.body().path("consequence").path("params").path("query").asString())
                .isEqualTo("q4321");
        assertThat(reads.get()).as("rules read getting one").isLessThanOrEqualTo(FEW);

        reads.set(0);
        routes.delete(request("DELETE", "rules", "r1234"));
        assertThat(reads.get()).as("rules read deleting one").isLessThanOrEqualTo(FEW);
        assertThat(app.require("shop").rule("r1234")).isNull();
        assertThat(app.require("shop").config().rules()).hasSize(ITEMS - 1);
    }

    private ObjectNode counted(String objectID) {
        ObjectNode item = new CountedNode(reads);
        item.put("objectID", objectID);
        return item;
    }

    private static Request request(String method, String kind, String objectID) {
        return new Request(method, "/1/indexes/shop/" + kind + "/" + objectID, null, Map.of(), new byte[0])
                .withPathParams(Map.of("indexName", "shop", "objectID", objectID));
    }

    /** An object node counting the reads of its members; its copies (the index saves copies) share the count. */
    private static final class CountedNode extends ObjectNode {
        private static final long serialVersionUID = 1L;
        private final transient AtomicLong reads;

        CountedNode(AtomicLong reads) {
            super(JsonNodeFactory.instance);
            this.reads = reads;
        }

        @Override
        public JsonNode get(String name) {
            reads.incrementAndGet();
            return super.get(name);
        }

        @Override
        public JsonNode path(String name) {
            reads.incrementAndGet();
            return super.path(name);
        }

        @Override
        public Set<Map.Entry<String, JsonNode>> properties() {
            reads.incrementAndGet();
            return super.properties();
        }

        @Override
        public ObjectNode deepCopy() {
            CountedNode copy = new CountedNode(reads);
            for (Map.Entry<String, JsonNode> member : super.properties()) {
                copy.set(member.getKey(), member.getValue().deepCopy());
            }
            return copy;
        }
    }
}
