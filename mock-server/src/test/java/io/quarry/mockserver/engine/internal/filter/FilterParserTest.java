package io.quarry.mockserver.engine.internal.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.engine.EngineException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FilterParserTest {

    @Test
    void parsesEveryAtomForm() {
        assertThat(FilterParser.parse("category:Book"))
                .containsExactly(List.of(new Atom.Facet("category", "Book", false)));
        assertThat(FilterParser.parse("author:\"Stephen King\""))
                .containsExactly(List.of(new Atom.Facet("author", "Stephen King", false)));
        assertThat(FilterParser.parse("price < 3")).containsExactly(List.of(new Atom.Numeric("price", "<", 3, false)));
        assertThat(FilterParser.parse("price>=-2.5"))
                .containsExactly(List.of(new Atom.Numeric("price", ">=", -2.5, false)));
        assertThat(FilterParser.parse("price != 4"))
                .containsExactly(List.of(new Atom.Numeric("price", "!=", 4, false)));
        assertThat(FilterParser.parse("price:10 TO 20"))
                .containsExactly(List.of(new Atom.Range("price", 10, 20, false)));
        assertThat(FilterParser.parse("_tags:published")).containsExactly(List.of(new Atom.Tag("published", false)));
        assertThat(FilterParser.parse("published")).containsExactly(List.of(new Atom.Tag("published", false)));
        assertThat(FilterParser.parse("isEnabled:true"))
                .containsExactly(List.of(new Atom.Facet("isEnabled", "true", false)));
        assertThat(FilterParser.parse("\"county:Maricopa\""))
                .containsExactly(List.of(new Atom.Facet("county", "Maricopa", false)));
        assertThat(FilterParser.parse("author.name:Ann"))
                .containsExactly(List.of(new Atom.Facet("author.name", "Ann", false)));
        assertThat(FilterParser.parse("  ")).isEmpty();
    }

    @Test
    void buildsAndsOfOrGroups() {
        assertThat(FilterParser.parse("a:1 AND (b:2 OR NOT b:3) AND c > 4"))
                .containsExactly(
                        List.of(new Atom.Facet("a", "1", false)),
                        List.of(new Atom.Facet("b", "2", false), new Atom.Facet("b", "3", true)),
                        List.of(new Atom.Numeric("c", ">", 4, false)));
        assertThat(FilterParser.parse("a:1 OR a:2"))
                .containsExactly(List.of(new Atom.Facet("a", "1", false), new Atom.Facet("a", "2", false)));
        assertThat(FilterParser.parse("(a:1 OR a:2) AND (b:1 OR b:2)")).hasSize(2);
        assertThat(FilterParser.parse("NOT NOT a:1")).containsExactly(List.of(new Atom.Facet("a", "1", false)));
        assertThat(FilterParser.parse("NOT (a:1)")).containsExactly(List.of(new Atom.Facet("a", "1", true)));
        assertThat(FilterParser.parse("((a:1 OR a:2))")).hasSize(1);
        assertThat(FilterParser.parse("price < 10 AND (category:Book OR NOT category:Ebook)"))
                .hasSize(2);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "(a:1 AND b:2) OR c:3",
                "a:1 OR b:2 AND c:3",
                "a:1 OR (b:2 AND c:3) OR (d:4 AND e:5)",
                "(a:1 AND (b:2 OR b:3))",
                "NOT (a:1 OR a:2)",
                "a:1 OR price > 3",
                "a:1 OR _tags:x",
                "price < 3 OR tag"
            })
    void refusesTheCombinationsTheServiceRefuses(String expression) {
        assertThatThrownBy(() -> FilterParser.parse(expression))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("filter combination not supported")
                .satisfies(e -> assertThat(((EngineException) e).status()).isEqualTo(400));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a:",
                "a:1 AND",
                "(a:1",
                "a:1)",
                "price < x",
                "price:1 TO y",
                "a:\"open",
                "AND a:1",
                "a:1 b:2",
                "price ! 3",
                "a:1 or a:2"
            })
    void reportsSyntaxErrors(String expression) {
        assertThatThrownBy(() -> FilterParser.parse(expression))
                .isInstanceOf(EngineException.class)
                .hasMessageStartingWith("filters: ")
                .satisfies(e -> assertThat(((EngineException) e).status()).isEqualTo(400));
    }

    @Test
    void saysWhereTheSyntaxErrorIs() {
        assertThatThrownBy(() -> FilterParser.parse("a:1 AND )"))
                .hasMessage("filters: syntax error: unexpected ')' at col 9, expected a filter");
    }

    @Test
    void aBackslashEscapesQuotesAndBackslashesInQuotesAndTheSyntaxCharactersOutside() {
        assertThat(FilterParser.parse("brand:\"say \\\"hi\\\"\""))
                .containsExactly(List.of(new Atom.Facet("brand", "say \"hi\"", false)));
        assertThat(FilterParser.parse("brand:'it\\'s'"))
                .containsExactly(List.of(new Atom.Facet("brand", "it's", false)));
        assertThat(FilterParser.parse("path:\"C:\\\\temp\""))
                .containsExactly(List.of(new Atom.Facet("path", "C:\\temp", false)));
        assertThat(FilterParser.parse("brand:two\\ words"))
                .containsExactly(List.of(new Atom.Facet("brand", "two words", false)));
        assertThat(FilterParser.parse("brand:\\-lead"))
                .containsExactly(List.of(new Atom.Facet("brand", "-lead", false)));
    }

    @Test
    void refusesABackslashThatCouldMeanItselfOrAnEscape() {
        // Read as an escape, "C:\temp" named the value C:temp, which no one means.
        assertThatThrownBy(() -> FilterParser.parse("path:\"C:\\temp\""))
                .isInstanceOf(EngineException.class)
                .hasMessage("filters: invalid escape '\\t' at col 9: in quotes a backslash escapes only a quote or a"
                        + " backslash (write \\\\ for a backslash)");
        assertThatThrownBy(() -> FilterParser.parse("brand:back\\slash"))
                .hasMessageStartingWith("filters: invalid escape '\\s' at col 11: outside quotes");
        assertThatThrownBy(() -> FilterParser.parse("brand:trail\\"))
                .hasMessageStartingWith("filters: nothing to escape after the backslash at col 12");
        assertThatThrownBy(() -> FilterParser.parse("brand:\"\\\ud83d\ude00\""))
                .hasMessageStartingWith("filters: invalid escape '\\\ud83d\ude00' at col 8");
    }

    @Test
    void parsesNumericFiltersEntries() {
        assertThat(FilterParser.parseNumeric("price<10")).isEqualTo(new Atom.Numeric("price", "<", 10, false));
        assertThat(FilterParser.parseNumeric("price:1 TO 5")).isEqualTo(new Atom.Range("price", 1, 5, false));
        assertThatThrownBy(() -> FilterParser.parseNumeric("color:red")).isInstanceOf(EngineException.class);
    }
}
