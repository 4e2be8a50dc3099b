package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Iterator;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A walk of a record looks each member's path up among the attribute names, so its cost follows the members
 * visited, whatever the count of names: comparing each member with every name cost their product.
 */
class AttributePathLookupsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int NAMES = 20_000;
    /** The record's members, at every depth (array elements share their array's path). */
    private static final int MEMBERS = 11;

    private static final ObjectNode RECORD = (ObjectNode) JSON.readTree(("{'objectID':'1','a.b':'red fox',"
                    + "'a':{'b':'red hen','c':'red cow'},'variants':[{'size':'red small','cost':'red 3'},"
                    + "{'size':'big','cost':'red 9'}],'plain':'red'}")
            .replace('\'', '"'));

    @Test
    void eachMemberVisitedIsLookedUpAFewTimes() {
        CountedNames names = new CountedNames();
        for (int i = 0; i < NAMES; i++) {
            names.add("a." + "n".repeat(50) + i);
        }
        names.add("plain");
        names.add("variants.size");
        names.lookups = 0;
        AttributePaths paths = AttributePaths.holding(names);

        ObjectNode kept = paths.keep(RECORD);
        ObjectNode trimmed = RECORD.deepCopy();
        paths.remove(trimmed);

        assertThat(kept.toString())
                .isEqualTo("{\"variants\":[{\"size\":\"red small\"},{\"size\":\"big\"}],\"plain\":\"red\"}");
        assertThat(trimmed.has("plain")).isFalse();
        // each member compared with every name: 20,000 names read for each of the members
        assertThat(names.lookups)
                .as("lookups among %d names walking %d members twice", NAMES, MEMBERS)
                .isLessThanOrEqualTo(2L * 2 * MEMBERS);
    }

    /** Sorted names that count each lookup in them and each name read in order. */
    @SuppressWarnings("serial") // never serialised
    private static final class CountedNames extends TreeSet<String> {
        private long lookups;

        @Override
        public boolean contains(Object name) {
            lookups++;
            return super.contains(name);
        }

        @Override
        public String ceiling(String name) {
            lookups++;
            return super.ceiling(name);
        }

        @Override
        public String floor(String name) {
            lookups++;
            return super.floor(name);
        }

        @Override
        public String higher(String name) {
            lookups++;
            return super.higher(name);
        }

        @Override
        public String lower(String name) {
            lookups++;
            return super.lower(name);
        }

        @Override
        public Iterator<String> iterator() {
            Iterator<String> names = super.iterator();
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return names.hasNext();
                }

                @Override
                public String next() {
                    lookups++;
                    return names.next();
                }
            };
        }
    }
}
