package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code removeWordsIfNoResults} finds the fewest words to make optional in a number of matchings logarithmic in the
 * query's words: matching again once per word made optional cost a search per word (18 s for 256 words against
 * 20,000 records).
 */
class WordRemovalMatchingsTest {

    private static final int WORDS = 256;
    /** A binary search over the words that may be made optional, after one matching with the most of them. */
    private static final int MATCHINGS = 1 + 8;

    private final List<QueryWord> typed = new ArrayList<>();
    private int matchings;

    WordRemovalMatchingsTest() {
        for (int i = 0; i < WORDS; i++) {
            typed.add(new QueryWord("w" + i, Map.of(), List.of()));
        }
    }

    @Test
    void aQueryNothingMatchesIsMatchedOnceWithTheMostWordsOptional() {
        for (String removal : List.of("lastWords", "firstWords", "allOptional")) {
            matchings = 0;

            SearchExecutor.Relaxed relaxed = SearchExecutor.fewestOptional(typed, removal, words -> {
                matchings++;
                return List.of();
            });

            assertThat(relaxed.hits()).isEmpty();
            assertThat(optional(relaxed.words()))
                    .as(removal)
                    .isEqualTo(removal.equals("allOptional") ? WORDS : WORDS - 1);
            // one matching per word made optional: 255 here
            assertThat(matchings).as(removal).isLessThanOrEqualTo(MATCHINGS);
        }
    }

    @Test
    void theFewestOptionalWordsThatMatchAreFoundByHalves() {
        for (int needed = 1; needed < WORDS; needed += 37) {
            int atLeast = needed;
            matchings = 0;

            SearchExecutor.Relaxed relaxed = SearchExecutor.fewestOptional(typed, "lastWords", words -> {
                matchings++;
                return optional(words) >= atLeast ? Collections.nCopies(1, (Hit) null) : List.of();
            });

            assertThat(optional(relaxed.words())).isEqualTo(needed);
            assertThat(relaxed.words().get(WORDS - 1).optional()).isTrue();
            // one matching per word made optional until a record matches: needed matchings
            assertThat(matchings).as("needing %d optional words", needed).isLessThanOrEqualTo(MATCHINGS);
        }
    }

    private static long optional(List<QueryWord> words) {
        return words.stream().filter(QueryWord::optional).count();
    }
}
