package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A long searchable-attributes setting restricted by a long parameter is read in time linear in the two: each name
 * is looked up, never compared with every restricted one (40,000 of each took 10 s).
 */
class SearchableAttributesReadsTest {

    private static final int COUNT = 50_000;

    @Test
    void eachNameOfTheSettingAndTheRestrictionIsReadAFewTimes() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            names.add("a" + i);
        }
        List<String> settingNames = new ArrayList<>(names);
        settingNames.add("title");
        CountedReads setting = new CountedReads(settingNames);
        CountedReads restrict = new CountedReads(names);

        SearchableAttributes attributes = SearchableAttributes.of(setting, restrict);

        assertThat(attributes.rank("a7.b")).as("a7 covers a7.b").isEqualTo(7);
        assertThat(attributes.rank("title")).isEqualTo(SearchableAttributes.NOT_SEARCHABLE);
        // a restriction checked with List.contains reads it once per setting entry: over a billion reads here
        assertThat(setting.reads + restrict.reads)
                .as("names read for a setting and a restriction of %d", COUNT)
                .isLessThanOrEqualTo(4L * (COUNT + 1));
    }

    /** A list that counts how often its elements are read. */
    private static final class CountedReads extends AbstractList<String> {
        private final List<String> names;
        private long reads;

        CountedReads(List<String> names) {
            this.names = names;
        }

        @Override
        public String get(int index) {
            reads++;
            return names.get(index);
        }

        @Override
        public int size() {
            return names.size();
        }
    }
}
