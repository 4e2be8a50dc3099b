package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerExtension.StatePolicy;
import io.quarry.search.model.IndexSettings;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Random index settings (attribute lists with awkward names and modifiers, numbers at their bounds, booleans, tags,
 * settings the SDK has no method for holding nested objects) set through the SDK read back exactly; a setting sent
 * as null goes back to its default; through {@link SearchIndex#forwardingToReplicas()} the replicas get the same.
 */
class RandomSettingsRoundTripContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK =
            MockServerExtension.builder().state(StatePolicy.KEPT_ACROSS_CLASS).build();

    private static final long SEED = 7_331L;

    private static final List<String> NAMES = List.of(
            "title",
            "a.b",
            "with space",
            "a:b",
            "(paren)",
            "searchable(x)",
            "\u00e9t\u00e9",
            "\ud83d\ude00",
            "_private",
            "objectID",
            "*",
            "n".repeat(200));

    private static final List<Object> NUMBERS = List.of(
            0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, 0.5, -2.25, 1.0e300);

    @AutoClose
    private static SearchClient client;

    @BeforeAll
    static void connect() {
        client = SearchClient.create(MockServerClients.config(MOCK.server()));
    }

    @Test
    void randomSettingsReadBackExactly() {
        Random random = new Random(SEED);
        SearchIndex index = client.index("random-settings");
        for (int round = 0; round < 15; round++) {
            IndexSettings sent = randomSettings(random);
            index.waitForTask(index.setSettings(sent).taskID(), FAST);
            Map<String, Object> read = index.getSettings().values();
            String what = "round " + round;
            sent.values()
                    .forEach((name, value) -> assertThat(read.get(name))
                            .as("%s, setting %s (seed %d)", what, name, SEED)
                            .isEqualTo(value));
        }
    }

    @Test
    void aSettingSentAsNullGoesBackToItsDefault() {
        SearchIndex index = client.index("reset-settings");
        index.waitForTask(
                index.setSettings(IndexSettings.of().setting("custom", Map.of("k", List.of(1, 2))))
                        .taskID(),
                FAST);
        Map<String, Object> defaults = index.getSettings().values();
        index.waitForTask(
                index.setSettings(IndexSettings.of().hitsPerPage(7).searchableAttributes("a.b"))
                        .taskID(),
                FAST);
        Map<String, Object> reset = new LinkedHashMap<>();
        reset.put("hitsPerPage", null);
        reset.put("searchableAttributes", null);
        reset.put("custom", null);
        index.waitForTask(index.setSettings(IndexSettings.of(reset)).taskID(), FAST);
        Map<String, Object> read = index.getSettings().values();
        assertThat(read.get("hitsPerPage")).isEqualTo(defaults.get("hitsPerPage"));
        assertThat(read).doesNotContainKeys("searchableAttributes", "custom");
    }

    @Test
    void forwardedSettingsReachEveryReplica() {
        Random random = new Random(SEED + 1);
        SearchIndex primary = client.index("forwarding-primary");
        primary.waitForTask(
                primary.setSettings(IndexSettings.of().replicas("forwarding-standard", "virtual(forwarding-virtual)"))
                        .taskID(),
                FAST);
        IndexSettings sent = randomSettings(random);
        primary.waitForTask(primary.forwardingToReplicas().setSettings(sent).taskID(), FAST);
        for (String replica : List.of("forwarding-standard", "forwarding-virtual")) {
            Map<String, Object> read = client.index(replica).getSettings().values();
            sent.values()
                    .forEach((name, value) -> assertThat(read.get(name))
                            .as("replica %s, setting %s (seed %d)", replica, name, SEED)
                            .isEqualTo(value));
        }
        IndexSettings unforwarded = IndexSettings.of().hitsPerPage(3);
        primary.waitForTask(primary.setSettings(unforwarded).taskID(), FAST);
        assertThat(client.index("forwarding-standard").getSettings().values().get("hitsPerPage"))
                .as("a write without forwarding stays on the primary")
                .isEqualTo(sent.values().getOrDefault("hitsPerPage", 20));
    }

    private static IndexSettings randomSettings(Random random) {
        IndexSettings settings = IndexSettings.of();
        if (random.nextBoolean()) {
            List<String> entries = new ArrayList<>();
            for (String name : some(random)) {
                entries.add(random.nextBoolean() ? "unordered(" + name + ")" : name);
            }
            settings = settings.searchableAttributes(entries.toArray(String[]::new));
        }
        if (random.nextBoolean()) {
            List<String> entries = new ArrayList<>();
            for (String name : some(random)) {
                String modifier =
                        List.of("", "searchable", "filterOnly", "afterDistinct").get(random.nextInt(4));
                entries.add(modifier.isEmpty() ? name : modifier + "(" + name + ")");
            }
            settings = settings.attributesForFaceting(entries.toArray(String[]::new));
        }
        if (random.nextBoolean()) {
            settings = settings.customRanking(some(random).stream()
                    .map(n -> (random.nextBoolean() ? "asc(" : "desc(") + n + ")")
                    .toArray(String[]::new));
        }
        if (random.nextBoolean()) {
            settings = settings.attributesToRetrieve(some(random).toArray(String[]::new))
                    .unretrievableAttributes(some(random).toArray(String[]::new))
                    .attributesToHighlight(some(random).toArray(String[]::new))
                    .attributesToSnippet(some(random).stream()
                            .map(n -> n + ":" + random.nextInt(100))
                            .toArray(String[]::new));
        }
        if (random.nextBoolean()) {
            settings = settings.ranking("typo", "desc(" + pick(random) + ")", "custom")
                    .queryLanguages("en", "fr")
                    .typoTolerance(random.nextBoolean())
                    .ignorePlurals(random.nextBoolean())
                    .removeStopWords(random.nextBoolean());
        }
        settings = settings.hitsPerPage(random.nextInt(1001))
                .paginationLimitedTo(random.nextBoolean() ? 1 : 20_000)
                .highlightPreTag("<b class=\"" + pick(random) + "\">")
                .separatorsToIndex("+#,.:")
                .attributeForDistinct(pick(random))
                .setting("customNumber", NUMBERS.get(random.nextInt(NUMBERS.size())))
                .setting("customObject", randomObject(random, 3));
        return settings;
    }

    private static Map<String, Object> randomObject(Random random, int depth) {
        Map<String, Object> object = new LinkedHashMap<>();
        int members = 1 + random.nextInt(3);
        for (int i = 0; i < members; i++) {
            String name = pick(random) + i;
            object.put(
                    name,
                    switch (depth == 0 ? random.nextInt(3) : random.nextInt(5)) {
                        case 0 -> NUMBERS.get(random.nextInt(NUMBERS.size()));
                        case 1 -> random.nextBoolean();
                        case 2 -> pick(random);
                        case 3 -> List.of(pick(random), NUMBERS.get(random.nextInt(NUMBERS.size())), false);
                        default -> randomObject(random, depth - 1);
                    });
        }
        return object;
    }

    private static List<String> some(Random random) {
        List<String> names = new ArrayList<>();
        int count = 1 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
            names.add(pick(random));
        }
        return names;
    }

    private static String pick(Random random) {
        return NAMES.get(random.nextInt(NAMES.size()));
    }
}
