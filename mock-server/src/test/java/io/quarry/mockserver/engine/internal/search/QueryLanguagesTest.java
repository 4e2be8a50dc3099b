package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.engine.LanguageDictionaries;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the language dictionaries do to query words, by language. */
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
        String word = "fuss".repeat(4_000);
        // Trying every substring made a 16k-character word take over half a minute.
        List<String> parts = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(2), () -> german.decomposition(word));
        assertThat(parts).hasSize(4_000).containsOnly("fuss");
        assertThat(org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                        java.time.Duration.ofSeconds(2), () -> german.decomposition("x".repeat(16_000))))
                .isEmpty();
    }

    @Test
    void wordsAreNormalised() {
        assertThat(DICTIONARIES.stopWords().get("en")).isEqualTo(Set.of("the", "of"));
        assertThat(DICTIONARIES.plurals().get("en").get(0)).containsExactlyInAnyOrder("mouse", "mice");
    }
}
