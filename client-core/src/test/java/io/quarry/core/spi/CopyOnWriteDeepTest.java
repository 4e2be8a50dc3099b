package io.quarry.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The copies behind every map-backed value are deep: no map, list or array inside one is shared with a caller. */
class CopyOnWriteDeepTest {

    @Test
    void aValueBuiltFromNestedMapsAndListsIsNotChangedByItsCaller() {
        List<Object> tags = new ArrayList<>(List.of("a"));
        Map<String, Object> inner = new LinkedHashMap<>(Map.of("tags", tags));
        Map<String, Object> members = new LinkedHashMap<>(Map.of("inner", inner));
        MapValueTest.Settings settings = MapValueTest.Settings.of(members);
        MapValueTest.Settings same = MapValueTest.Settings.of(Map.of("inner", Map.of("tags", List.of("a"))));
        int hash = settings.hashCode();

        tags.add("b");
        inner.put("other", 1);

        assertThat(settings).isEqualTo(same).hasSameHashCodeAs(same);
        assertThat(settings.hashCode()).isEqualTo(hash);
        assertThat(settings.toString()).isEqualTo("Settings{inner={tags=[a]}}");
    }

    @Test
    void whatAValueGivesBackCannotBeChanged() {
        Map<String, Object> copy =
                CopyOnWrite.with(Map.of(), "inner", new LinkedHashMap<>(Map.of("tags", new ArrayList<>(List.of("a")))));
        Map<?, ?> inner = (Map<?, ?>) copy.get("inner");
        List<?> tags = (List<?>) inner.get("tags");

        assertThatThrownBy(inner::clear).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(tags::clear).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void arraysBecomeListsSetsStaySetsAndNullsAreKept() {
        String[] names = {"a", "b"};
        Set<String> set = new LinkedHashSet<>(List.of("x", "y"));
        Map<String, Object> withNull = new LinkedHashMap<>();
        withNull.put("gone", null);

        Map<String, Object> copy =
                CopyOnWrite.copy(Map.of("names", names, "points", new int[] {1, 2}, "set", set, "withNull", withNull));
        names[0] = "changed";
        set.add("z");

        assertThat(copy.get("names")).isEqualTo(List.of("a", "b"));
        assertThat(copy.get("points")).isEqualTo(List.of(1, 2));
        assertThat(copy.get("set")).isEqualTo(Set.of("x", "y")).isInstanceOf(Set.class);
        assertThat(copy.get("withNull")).isEqualTo(withNull).isNotSameAs(withNull);
    }

    @Test
    void valuesWithNothingToCopyAreKeptAsTheyAre() {
        Object record = new Object();
        assertThat(CopyOnWrite.unmodifiable(record)).isSameAs(record);
        assertThat(CopyOnWrite.unmodifiable("text")).isEqualTo("text");
        assertThat(CopyOnWrite.unmodifiable(null)).isNull();
        assertThat(CopyOnWrite.unmodifiable(Arrays.asList(1, null))).isEqualTo(Arrays.asList(1, null));
    }
}
