package io.quarry.mockserver.internal.products.suggestions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The text rules of a build: normalization, letters, exclude entries and the plural key. */
class TextRulesTest {

    @Test
    void queriesAreComparedNormalized() {
        assertThat(QueryText.normalize("  Running   SHOES ")).isEqualTo("running shoes");
        assertThat(QueryText.letters("a-b c1!")).isEqualTo(4);
        assertThat(QueryText.words("running shoes")).isEqualTo(2);
        assertThat(QueryText.words("")).isZero();
    }

    @Test
    void excludeEntriesAreWholeWordsOrStarPatterns() {
        ExcludeRules rules = new ExcludeRules(List.of("Cheap", "free shipping", "*porn*", "x*z"));

        assertThat(rules.excluding("cheap phone")).isEqualTo("cheap");
        assertThat(rules.excluding("cheapest phone")).isNull();
        assertThat(rules.excluding("phone free shipping today")).isEqualTo("free shipping");
        assertThat(rules.excluding("free phone")).isNull();
        assertThat(rules.excluding("myporntube")).isEqualTo("*porn*");
        assertThat(rules.excluding("xyz")).isEqualTo("x*z");
        assertThat(rules.excluding("xz")).isEqualTo("x*z");
        assertThat(rules.excluding("xzy")).isNull();
        assertThat(new ExcludeRules(List.of("a*a")).excluding("a")).isNull();
        assertThat(new ExcludeRules(List.of("a*a")).excluding("aa")).isEqualTo("a*a");
        assertThat(new ExcludeRules(List.of("*")).excluding("anything")).isEqualTo("*");
        assertThat(new ExcludeRules(List.of("a**b*c")).excluding("abxc")).isEqualTo("a**b*c");
        assertThat(new ExcludeRules(List.of("*ab*ab*")).excluding("xaabab")).isEqualTo("*ab*ab*");
        assertThat(new ExcludeRules(List.of("*ab*ab*")).excluding("xaab")).isNull();
        assertThat(new ExcludeRules(List.of("*aab")).excluding("aaab")).isEqualTo("*aab");
    }

    @Test
    void pluralsShareTheSingularKey() {
        assertThat(Plurals.singularKey("running shoes")).isEqualTo(Plurals.singularKey("running shoe"));
        assertThat(Plurals.singular("cities")).isEqualTo("city");
        assertThat(Plurals.singular("boxes")).isEqualTo("box");
        assertThat(Plurals.singular("glasses")).isEqualTo("glass");
        assertThat(Plurals.singular("houses")).isEqualTo("house");
        assertThat(Plurals.singular("glass")).isEqualTo("glass");
        assertThat(Plurals.singular("bus")).isEqualTo("bus");
        assertThat(Plurals.singular("4x4s")).isEqualTo("4x4s");
    }
}
