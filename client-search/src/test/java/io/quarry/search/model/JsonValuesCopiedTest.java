package io.quarry.search.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The free-form JSON values a query, settings, a rule's consequence or an attribute operation hold are their own, all
 * the way down: a caller changing a nested map or list it passed in or read back changes neither the value nor its
 * equality.
 */
class JsonValuesCopiedTest {

    @Test
    void aQueryKeepsItsNestedParameters() {
        List<Object> edits = new ArrayList<>(List.of(Map.of("type", "remove", "delete", "cheap")));
        Map<String, Object> query = new LinkedHashMap<>(Map.of("edits", edits));
        SearchQuery built = SearchQuery.of().param("query", query);
        SearchQuery fromMap = SearchQuery.of(new LinkedHashMap<>(Map.of("query", query)));
        SearchQuery same =
                SearchQuery.of().param("query", Map.of("edits", List.of(Map.of("type", "remove", "delete", "cheap"))));
        int hash = built.hashCode();

        edits.clear();
        query.put("other", 1);

        assertThat(built).isEqualTo(same).isEqualTo(fromMap);
        assertThat(built.hashCode()).isEqualTo(hash);
        assertThatThrownBy(() -> ((List<?>) ((Map<?, ?>) built.params().get("query")).get("edits")).clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void settingsKeepTheirNestedValues() {
        List<Object> languages = new ArrayList<>(List.of("en"));
        IndexSettings settings = IndexSettings.of().setting("decompoundedAttributes", Map.of("de", languages));
        String[] attributes = {"title"};
        IndexSettings fromArray = IndexSettings.of().setting("searchableAttributes", attributes);

        languages.add("fr");
        attributes[0] = "brand";

        assertThat(settings)
                .isEqualTo(IndexSettings.of().setting("decompoundedAttributes", Map.of("de", List.of("en"))));
        assertThat(fromArray.values()).containsEntry("searchableAttributes", List.of("title"));
    }

    @Test
    void aConsequenceKeepsItsUserData() {
        List<Object> banners = new ArrayList<>(List.of("sale"));
        RuleConsequence consequence =
                RuleConsequence.hide("old").withUserData(new LinkedHashMap<>(Map.of("banners", banners)));

        banners.add("later");

        assertThat(consequence.userData()).isEqualTo(Map.of("banners", List.of("sale")));
        assertThat(consequence).isEqualTo(RuleConsequence.hide("old").withUserData(Map.of("banners", List.of("sale"))));
        assertThatThrownBy(() -> ((Map<?, ?>) consequence.userData()).clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void anAttributeOperationKeepsItsOperand() {
        Map<String, Object> element = new LinkedHashMap<>(Map.of("sku", "A1"));
        AttributeOperation add = AttributeOperation.add(element);

        element.put("sku", "B2");

        assertThat(add).isEqualTo(AttributeOperation.add(Map.of("sku", "A1")));
    }
}
