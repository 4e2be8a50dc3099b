package io.quarry.search.model;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The factories of rules, synonyms and dictionary entries refuse null for a part the value cannot do without, naming
 * it, rather than making a value the service refuses later (or a one-way synonym from nothing).
 */
class FactoryNullsTest {

    @Test
    void synonymFactoriesNameTheMissingWord() {
        assertThatThrownBy(() -> Synonym.oneWay("s1", null, "phone")).hasMessage("input");
        assertThatThrownBy(() -> Synonym.placeholder("s2", null, "main street")).hasMessage("placeholder");
        assertThatThrownBy(() -> Synonym.altCorrection1("s3", null, "phone")).hasMessage("word");
        assertThatThrownBy(() -> Synonym.altCorrection2("s4", null, "phone")).hasMessage("word");
    }

    @Test
    void ruleFactoriesNameTheMissingPart() {
        assertThatThrownBy(() -> RuleCondition.of(null, Anchoring.IS)).hasMessage("pattern");
        assertThatThrownBy(() -> RuleCondition.of("phone", null)).hasMessage("anchoring");
        assertThatThrownBy(() -> RuleCondition.whenContext(null)).hasMessage("context");
        assertThatThrownBy(() -> Promotion.of(null, 0)).hasMessage("objectID");
        RuleCondition condition = RuleCondition.of("phone", Anchoring.IS);
        RuleConsequence consequence = RuleConsequence.hide("p1");
        assertThatThrownBy(() -> Rule.of("r1", null, consequence)).hasMessage("condition");
        assertThatThrownBy(() -> Rule.of("r1", condition, null)).hasMessage("consequence");
        Rule rule = Rule.of("r1", condition, consequence);
        assertThatThrownBy(() -> rule.tags((String[]) null)).hasMessage("labels");
        assertThatThrownBy(() -> rule.validity((TimeRange[]) null)).hasMessage("ranges");
    }

    @Test
    void dictionaryFactoriesNameTheMissingPart() {
        assertThatThrownBy(() -> DictionaryEntry.stopword("d1", null, "the")).hasMessage("language");
        assertThatThrownBy(() -> DictionaryEntry.stopword("d1", "en", null)).hasMessage("word");
        assertThatThrownBy(() -> DictionaryEntry.plural("d2", null, "mouse", "mice"))
                .hasMessage("language");
        assertThatThrownBy(() -> DictionaryEntry.compound("d3", null, "kitchentable"))
                .hasMessage("language");
        assertThatThrownBy(() -> DictionaryEntry.compound("d3", "de", null)).hasMessage("word");
        assertThatThrownBy(() -> DictionaryOperation.add(null)).hasMessage("entry");
        assertThatThrownBy(() -> DictionaryOperation.delete(null)).hasMessage("objectID");
    }
}
