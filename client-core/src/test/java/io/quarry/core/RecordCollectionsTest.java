package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.spi.Page;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The core's public records keep their lists and sets as their own unmodifiable copies (the examples module's
 * RecordCollectionsTest checks every record of the core this way; these are the two that hold one).
 */
class RecordCollectionsTest {

    @Test
    void aPageKeepsItsItemsWhenTheModuleReusesItsList() {
        List<String> items = new ArrayList<>(List.of("a", "b"));
        Page<String, Integer> page = new Page<>(items, 1);

        items.clear();

        assertThat(page.items()).containsExactly("a", "b");
        assertThatThrownBy(() -> page.items().add("c")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aHostKeepsItsCallTypes() {
        Set<CallType> types = EnumSet.of(CallType.READ);
        Host host = new Host("https", "a.example", 443, "", types);

        types.add(CallType.WRITE);

        assertThat(host.callTypes()).containsExactly(CallType.READ);
        assertThatThrownBy(() -> host.callTypes().add(CallType.WRITE))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
