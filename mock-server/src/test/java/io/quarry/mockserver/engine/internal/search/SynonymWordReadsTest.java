package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.internal.index.TermDictionary;
import io.quarry.mockserver.engine.internal.index.TermIndex;
import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Building a search's synonyms and planning its query read each synonym's words a few times, whatever the size of
 * a group and the length of the query: a group expanded into every pair of its members, the longest input
 * recounted at each query word, or a group of phrases compared with every other phrase of it cost the product
 * ({@code SynonymBoundsTest} searches the same shapes, larger, end to end).
 */
class SynonymWordReadsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Reads of a synonym's words allowed per word: hashing, keying and copying each read it a few times. */
    private static final long READS_PER_WORD = 16;

    private long reads;
    private long words;

    @Test
    void aLargeGroupOfWordsIsReadOncePerMember() {
        int members = 500;
        SynonymSet synonyms = synonyms(Stream.of(group(members, i -> "w" + i)));

        List<List<QueryWord>> readings = plan(synonyms, "w" + (members - 1));

        assertThat(readings.get(0).get(0).terms()).containsKeys("w0", "w7");
        // every pair of members, each added once (a scan of the input's list): about members³ reads
        assertThat(reads).as("words read for a group of %d", members).isLessThanOrEqualTo(READS_PER_WORD * words);
    }

    @Test
    void aLongQueryDoesNotRecountTheLongestInputAtEachWord() {
        List<ObjectNode> saved = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            saved.add(synonym(List.of("a b c" + i, "d" + i)));
        }
        SynonymSet synonyms = synonyms(saved.stream());

        List<List<QueryWord>> readings = plan(synonyms, "a ".repeat(250));
        assertThat(readings).as("no run of the query is a synonym").hasSize(1);
        assertThat(plan(synonyms, "a b c7").get(1).get(0).terms()).containsKey("d7");
        // each input's length read again at each of the 250 query words: about 250 × 4,000 reads
        assertThat(reads).as("words read for %d words of synonyms", words).isLessThanOrEqualTo(READS_PER_WORD * words);
    }

    @Test
    void aLargeGroupOfPhrasesIsReadOncePerMember() {
        int members = 2_000;
        SynonymSet synonyms = synonyms(Stream.of(group(members, i -> "a b" + i)));

        List<List<QueryWord>> readings = plan(synonyms, "a b" + (members - 1));

        assertThat(readings)
                .as("the query as one phrase, with its alternatives")
                .hasSize(2);
        assertThat(readings.get(1).get(0).phrases()).hasSize(members).contains(List.of("a", "b7"));
        // each member's length read for every member, each phrase compared with those before it: members² reads
        assertThat(reads)
                .as("words read for a group of %d phrases", members)
                .isLessThanOrEqualTo(READS_PER_WORD * words);
    }

    private static ObjectNode group(int members, IntFunction<String> member) {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < members; i++) {
            texts.add(member.apply(i));
        }
        return synonym(texts);
    }

    private static ObjectNode synonym(List<String> texts) {
        ObjectNode synonym = JSON.createObjectNode().put("type", "synonym");
        ArrayNode list = synonym.putArray("synonyms");
        texts.forEach(list::add);
        return synonym;
    }

    /** The synonyms, their words counted as they are read. */
    private SynonymSet synonyms(Stream<ObjectNode> saved) {
        return new SynonymSet(saved.toList(), text -> {
            List<String> terms = Tokenizer.terms(text);
            words += terms.size();
            return new CountedWords(terms);
        });
    }

    private static List<List<QueryWord>> plan(SynonymSet synonyms, String query) {
        ObjectNode request = JSON.createObjectNode().put("query", query);
        SearchOptions options = new SearchOptions(
                RequestParams.parse(request, null, SearchOptions.SEARCH_PARAMETERS, false), JSON.createObjectNode());
        return new QueryPlanner(options, new TermIndex(new TermDictionary()), synonyms)
                .plan()
                .readings();
    }

    /** A synonym's words, each read of a word or of their count counted. */
    private final class CountedWords extends AbstractList<String> {
        private final List<String> terms;

        CountedWords(List<String> terms) {
            this.terms = terms;
        }

        @Override
        public String get(int index) {
            reads++;
            return terms.get(index);
        }

        @Override
        public int size() {
            reads++;
            return terms.size();
        }
    }
}
