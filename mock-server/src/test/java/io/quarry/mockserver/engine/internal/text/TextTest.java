package io.quarry.mockserver.engine.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextTest {

    @Test
    void tokensAreRunsOfLettersAndDigitsWithOffsets() {
        assertThat(Tokenizer.tokens("Hello, wörld-42!"))
                .containsExactly(new Token("hello", 0, 5), new Token("world", 7, 12), new Token("42", 13, 15));
        assertThat(Tokenizer.terms("  ")).isEmpty();
        assertThat(Tokenizer.terms("l'été")).containsExactly("l", "ete");
    }

    @Test
    void spacingAndEnclosingMarksStayInTheirWordAsTheNormaliserDropsThem() {
        // किताब: its vowel signs ि and ा are spacing marks, which used to cut it in three.
        assertThat(Tokenizer.terms("\u0915\u093f\u0924\u093e\u092c")).containsExactly("\u0915\u0924\u092c");
        assertThat(Tokenizer.terms("a\u20ddb c")).containsExactly("ab", "c");
        assertThat(Tokenizer.terms("\u093f")).isEmpty();
    }

    @Test
    void normalisingFoldsCaseAndAccents() {
        assertThat(TextNormalizer.normalize("ÉLAN Crème Brûlée")).isEqualTo("elan creme brulee");
        assertThat(TextNormalizer.normalize("Ǆ")).isEqualTo("ǆ");
        assertThat(TextNormalizer.normalize("abc")).isEqualTo("abc");
    }

    @Test
    void distanceCountsInsertionsDeletionsSubstitutionsAndTranspositions() {
        assertThat(TypoDistance.compute("phone", "phone", 2).full()).isZero();
        assertThat(TypoDistance.compute("phnoe", "phone", 2).full()).isEqualTo(1);
        assertThat(TypoDistance.compute("phon", "phone", 2).full()).isEqualTo(1);
        assertThat(TypoDistance.compute("phonee", "phone", 2).full()).isEqualTo(1);
        assertThat(TypoDistance.compute("fone", "phone", 2).full()).isEqualTo(2);
        assertThat(TypoDistance.compute("xyz", "phone", 2).full()).isEqualTo(3);
    }

    @Test
    void prefixDistanceIsTheBestPrefixOfTheTerm() {
        assertThat(TypoDistance.compute("smartph", "smartphone", 1).prefix()).isZero();
        assertThat(TypoDistance.compute("smarpth", "smartphone", 1).prefix()).isEqualTo(1);
        assertThat(TypoDistance.compute("smxxph", "smartphone", 1).prefix()).isEqualTo(2);
    }
}
