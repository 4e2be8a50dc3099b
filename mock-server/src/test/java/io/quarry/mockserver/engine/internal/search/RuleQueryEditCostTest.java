package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.internal.text.Tokenizer;
import io.quarry.mockserver.testing.CountedText;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A rule's query edits normalise each query word once and each edit's words once, so their cost is linear in the
 * query and the edits: normalising every query word again for each edit cost their product (100,000 removals
 * against a 250-word query took 2.3 s a search).
 */
class RuleQueryEditCostTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void eachQueryWordAndEachEditIsNormalisedOnce() {
        int words = 250;
        int edits = 10_000;
        ObjectNode edit = JSON.createObjectNode();
        ArrayNode removals = edit.putArray("remove");
        for (int i = 0; i < edits; i++) {
            removals.add("w" + i);
        }
        removals.add("X");
        ArrayNode changes = edit.putArray("edits");
        changes.addObject().put("type", "replace").put("delete", "x").put("insert", "Y");
        AtomicLong calls = new AtomicLong();
        Function<String, List<String>> terms = text -> {
            calls.incrementAndGet();
            return Tokenizer.terms(text);
        };

        String edited = RuleSet.editQuery("x ".repeat(words), edit, terms);

        assertThat(edited)
                .as("one x removed, one replaced")
                .isEqualTo("Y " + "x ".repeat(words - 2).trim());
        // the words, the removals and the one replacement (its target and its new word): the product is 2.5 million
        assertThat(calls.get()).isLessThanOrEqualTo(words + (edits + 1) + 2L);
    }

    @Test
    void anEditedQueryIsCutReadingOnlyUpToTheLimit() {
        int max = SearchOptions.MAX_QUERY_LENGTH;
        // 100 words, as edits inserting a long word for each of 100 query words make: 51,299 and 30,099 characters
        for (int length : new int[] {max, 300}) {
            String word = "v".repeat(length);
            CountedText edited = new CountedText((word + " ").repeat(100).trim());

            assertThat(RuleSet.withinQueryLength(edited))
                    .as("the one word that fits")
                    .isEqualTo(word);
            // a cut that copies the query, or drops its last word until the rest fits, reads all of it at least
            assertThat(edited.reads())
                    .as("characters read cutting %d", edited.length())
                    .isLessThanOrEqualTo(2L * max + 2);
        }
    }
}
