package io.quarry.search.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The canonical constructors of the request values users build refuse the nulls their factories refuse, naming the
 * component: a query's text (the service's searches of rules, synonyms, user IDs and dictionaries take an empty text
 * for "every one", never a missing one) and a dictionary operation's action and body. They took the null and sent a
 * request without it.
 */
class ConstructorNullsTest {

    @Test
    void aQueryWithoutTextIsRefusedNamingIt() {
        assertThatThrownBy(() -> new RuleQuery(null, null, null, null, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("query");
        assertThatThrownBy(() -> new SynonymQuery(null, null, null, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("query");
        assertThatThrownBy(() -> new UserIdQuery(null, null, null, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("query");
        assertThatThrownBy(() -> new DictionaryQuery(null, null, null, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("query");
    }

    @Test
    void aQueryBuiltByItsConstructorEqualsTheOneItsFactoryMakes() {
        assertThat(new RuleQuery("", null, null, null, null)).isEqualTo(RuleQuery.of(""));
        assertThat(new SynonymQuery("", null, null, null)).isEqualTo(SynonymQuery.of(""));
        assertThat(new UserIdQuery("", null, null, null)).isEqualTo(UserIdQuery.of(""));
        assertThat(new DictionaryQuery("", null, null, null)).isEqualTo(DictionaryQuery.of(""));
    }

    @Test
    void aDictionaryOperationWithoutActionOrBodyIsRefusedNamingIt() {
        assertThatThrownBy(() -> new DictionaryOperation(null, Map.of("objectID", "d1")))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("action");
        assertThatThrownBy(() -> new DictionaryOperation("deleteEntry", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("body");
        assertThat(new DictionaryOperation("deleteEntry", Map.of("objectID", "d1")))
                .isEqualTo(DictionaryOperation.delete("d1"));
    }
}
