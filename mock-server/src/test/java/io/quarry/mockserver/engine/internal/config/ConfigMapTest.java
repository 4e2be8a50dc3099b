package io.quarry.mockserver.engine.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The persistent map behaves as a {@link LinkedHashMap} copied at every change would: the same order, values and
 * lookups, and every earlier version left as it was.
 */
class ConfigMapTest {

    private static final long SEED = 20261130L;

    /** Names sharing one hash code in pairs ("Aa" and "BB" do), so that chains and deep nodes are walked. */
    private static String name(Random random, int range) {
        int n = random.nextInt(range);
        return (n % 2 == 0 ? "Aa" : "BB") + n / 2;
    }

    private static void assertSame(ConfigMap<Integer> map, Map<String, Integer> oracle) {
        assertThat(map.size()).isEqualTo(oracle.size());
        assertThat(map.values()).containsExactlyElementsOf(oracle.values());
        assertThat(map.asMap()).isEqualTo(oracle);
        assertThat(new ArrayList<>(map.asMap().keySet())).containsExactlyElementsOf(oracle.keySet());
        List<Integer> values = new ArrayList<>(oracle.values());
        for (int i = 0; i < values.size(); i += 1 + values.size() / 50) {
            assertThat(map.values().get(i)).isEqualTo(values.get(i));
        }
        oracle.forEach((name, value) -> assertThat(map.get(name)).isEqualTo(value));
    }

    @Test
    void randomChangesMatchAnOrderedMapAndLeaveEarlierVersionsAlone() {
        for (int range : new int[] {8, 100, 2_000}) {
            Random random = new Random(SEED + range);
            ConfigMap<Integer> map = ConfigMap.of();
            Map<String, Integer> oracle = new LinkedHashMap<>();
            List<ConfigMap<Integer>> versions = new ArrayList<>();
            List<Map<String, Integer>> oracles = new ArrayList<>();
            for (int step = 0; step < 8_000; step++) {
                String name = name(random, range);
                int dice = random.nextInt(10);
                if (dice < 6) {
                    map = map.with(name, step);
                    oracle.put(name, step);
                } else {
                    map = map.without(name);
                    oracle.remove(name);
                }
                assertThat(map.get(name))
                        .as("seed %d, range %d, step %d", SEED, range, step)
                        .isEqualTo(oracle.get(name));
                if (step % 500 == 0) {
                    assertSame(map, oracle);
                    versions.add(map);
                    oracles.add(new LinkedHashMap<>(oracle));
                }
            }
            assertSame(map, oracle);
            for (int i = 0; i < versions.size(); i++) {
                assertSame(versions.get(i), oracles.get(i));
            }
        }
    }

    @Test
    void removingEveryNameInTurnKeepsTheOrderOfTheRest() {
        ConfigMap<Integer> map = ConfigMap.of();
        Map<String, Integer> oracle = new LinkedHashMap<>();
        for (int i = 0; i < 3_000; i++) {
            map = map.with("n" + i, i);
            oracle.put("n" + i, i);
        }
        for (int i = 0; i < 3_000; i += 2) {
            map = map.without("n" + i);
            oracle.remove("n" + i);
        }
        map = map.with("n1", -1).with("n0", 0);
        oracle.put("n1", -1);
        oracle.put("n0", 0);
        assertSame(map, oracle);
    }

    @Test
    void aChangeCopiesAFewArraysWhateverTheSize() {
        ConfigMap<Integer> map = ConfigMap.of();
        int most = 0;
        for (int i = 0; i < 50_000; i++) {
            map = map.with("name" + i, i);
            most = Math.max(most, map.copied());
        }
        assertThat(most).as("references copied by one change of 50,000 names").isLessThan(400);
        assertThat(map.without("name7").copied()).isLessThan(400);
    }
}
