package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.LanguageDictionaries;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What the language dictionaries do to query words, by language. */
@Timeout(60) // a hang guard: the split's work is counted
class QueryLanguagesTest {

    private static final LanguageDictionaries DICTIONARIES = LanguageDictionaries.normalised(
            Map.of("en", List.of("The", "of"), "fr", List.of("les")),
            Map.of("en", List.of(List.of("Mouse", "mice")), "fr", List.of(List.of("cheval", "chevaux"))),
            Map.of(
                    "de",
                    Map.of(
                            "fussball",
                            List.of("fuss", "ball"),
                            "wunder",
                            List.of(),
                            "kerze",
                            List.of(),
                            "kerzen",
                            List.of())));

    @Test
    void languagesSelectTheEntries() {
        QueryLanguages english =
                new QueryLanguages(DICTIONARIES, List.of("en"), true, List.of("en"), true, List.of("en"), true);
        assertThat(english.withPluralForms("mouse", Map.of()).keySet()).containsExactly("mice");
        assertThat(english.withPluralForms("cheval", Map.of())).isEmpty();
        assertThat(english.decomposition("fussball")).as("no German compounds").isEmpty();
        QueryLanguages all = new QueryLanguages(DICTIONARIES, null, true, null, true, null, true);
        assertThat(all.withPluralForms("chevaux", Map.of()).keySet()).containsExactly("cheval");
        QueryLanguages off = new QueryLanguages(DICTIONARIES, null, false, null, false, null, false);
        assertThat(off.withPluralForms("mice", Map.of())).isEmpty();
        assertThat(off.decomposition("fussball")).isEmpty();
    }

    @Test
    void compoundsSplitIntoListedPartsOrAtoms() {
        QueryLanguages german = new QueryLanguages(DICTIONARIES, null, true, null, true, List.of("de"), true);
        assertThat(german.decomposition("fussball")).containsExactly("fuss", "ball");
        assertThat(german.decomposition("wunderkerzen")).containsExactly("wunder", "kerzen");
        assertThat(german.decomposition("balltor")).isEmpty();
        assertThat(german.decomposition("kerze"))
                .as("an atom alone does not split")
                .isEmpty();
    }

    @Test
    void splittingAVeryLongWordTakesLinearTime() {
        QueryLanguages german = new QueryLanguages(DICTIONARIES, null, true, null, true, List.of("de"), true);
        assertThat(german.decomposition("fuss".repeat(4_000))).hasSize(4_000).containsOnly("fuss");
        assertThat(german.decomposition("x".repeat(16_000))).isEmpty();
    }

    @Test
    void splittingReadsEachPositionOnlyAsFarAsTheLongestAtom() {
        // Trying every substring made a 16k-character word take over half a minute: its lookups read n²/2
        // characters, 2 million for the 2,000 characters here.
        Set<String> atoms = Set.of("fuss", "ball", "wunder", "kerzen");
        int longest = 6;
        for (String word : List.of("fuss".repeat(500), "x".repeat(2_000))) {
            CountingAtoms counted = new CountingAtoms(atoms);
            List<String> split = QueryLanguages.split(word, counted);
            assertThat(split == null).isEqualTo(word.startsWith("x"));
            assertThat(counted.read)
                    .as("characters looked up splitting a word of %d", word.length())
                    .isLessThanOrEqualTo((long) longest * longest * word.length());
        }
    }

    /** Atoms that count the characters of every text looked up in them. */
    private static final class CountingAtoms extends java.util.AbstractSet<String> {
        private final Set<String> atoms;
        private long read;

        CountingAtoms(Set<String> atoms) {
            this.atoms = atoms;
        }

        @Override
        public boolean contains(Object text) {
            read += ((String) text).length();
            return atoms.contains(text);
        }

        @Override
        public java.util.Iterator<String> iterator() {
            return atoms.iterator();
        }

        @Override
        public int size() {
            return atoms.size();
        }
    }

    @Test
    void wordsAreNormalised() {
        assertThat(DICTIONARIES.stopWords().get("en")).isEqualTo(Set.of("the", "of"));
        assertThat(DICTIONARIES.plurals().get("en").get(0)).containsExactlyInAnyOrder("mouse", "mice");
    }
}
