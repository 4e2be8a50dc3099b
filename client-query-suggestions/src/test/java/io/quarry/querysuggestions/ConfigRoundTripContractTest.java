package io.quarry.querysuggestions;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Region;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.querysuggestions.model.FacetAmount;
import io.quarry.querysuggestions.model.QuerySuggestionsConfig;
import io.quarry.querysuggestions.model.SourceIndex;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seeded random configurations, odd names and lists included, written through the client and read back from the
 * mock server: every member comes back as written, the service's defaults filling what was left out.
 */
class ConfigRoundTripContractTest {

    private static final long SEED = 0x5eed_2026L;
    private static final int CONFIGS = 20;
    /** Characters a name or list entry may hold: URL-special ones, spaces, accents, CJK, a pair of surrogates. */
    private static final String[] PIECES = {
        "a",
        "b",
        "z",
        "0",
        "9",
        "-",
        "_",
        ".",
        " ",
        "/",
        "%",
        "?",
        "#",
        "+",
        "&",
        "=",
        "é",
        "ß",
        "日本",
        "\ud83d\ude00",
        "\u0301"
    };

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final QuerySuggestionsClient client =
            QuerySuggestionsClient.create(MockServerClients.config(MOCK.server()), Region.US);

    @Test
    void randomConfigurationsReadBackAsWritten() {
        Random random = new Random(SEED);
        List<QuerySuggestionsConfig> written = new ArrayList<>();
        for (int i = 0; i < CONFIGS; i++) {
            QuerySuggestionsConfig config = randomConfig(random, "s" + i + name(random));
            if (random.nextBoolean()) {
                client.createConfig(config);
            } else {
                client.replaceConfig(config);
            }
            written.add(config);

            assertThat(client.getConfig(config.indexName()))
                    .as("seed %d, configuration %d", SEED, i)
                    .isEqualTo(withDefaults(config));
        }
        assertThat(client.listConfigs())
                .as("seed %d", SEED)
                .containsExactlyElementsOf(written.stream()
                        .map(ConfigRoundTripContractTest::withDefaults)
                        .toList());
        for (QuerySuggestionsConfig config : written) {
            client.deleteConfig(config.indexName());
        }
        assertThat(client.listConfigs()).isEmpty();
    }

    private static QuerySuggestionsConfig randomConfig(Random random, String indexName) {
        List<SourceIndex> sources = new ArrayList<>();
        int count = 1 + random.nextInt(3);
        for (int i = 0; i < count; i++) {
            sources.add(randomSource(random));
        }
        QuerySuggestionsConfig config = QuerySuggestionsConfig.of(indexName, sources.toArray(SourceIndex[]::new));
        if (random.nextBoolean()) {
            config = config.languages(list(random, () -> random.nextBoolean() ? "en" : "fr"));
        }
        if (random.nextBoolean()) {
            config = config.exclude(
                    list(random, () -> random.nextBoolean() ? "w" + name(random) : "*" + name(random) + "*"));
        }
        return config;
    }

    private static SourceIndex randomSource(Random random) {
        SourceIndex source = SourceIndex.of("src" + name(random));
        if (random.nextBoolean()) {
            source = source.analyticsTags(list(random, () -> "t" + name(random)));
        }
        if (random.nextBoolean()) {
            List<FacetAmount> facets = new ArrayList<>();
            for (String attribute : list(random, () -> "attr" + name(random))) {
                facets.add(FacetAmount.of(attribute, 1 + random.nextInt(1000)));
            }
            source = source.facets(facets.toArray(FacetAmount[]::new));
        }
        if (random.nextBoolean()) {
            source = source.minHits(random.nextInt(Integer.MAX_VALUE));
        }
        if (random.nextBoolean()) {
            source = source.minLetters(random.nextInt(20));
        }
        for (int i = random.nextInt(3); i > 0; i--) {
            source = source.generate(list(random, () -> "attr" + name(random)));
        }
        if (random.nextBoolean()) {
            source = source.external(list(random, () -> "ext" + name(random)));
        }
        return source;
    }

    /** One to four entries, duplicates likely. */
    private static String[] list(Random random, Supplier<String> entry) {
        String[] entries = new String[1 + random.nextInt(4)];
        for (int i = 0; i < entries.length; i++) {
            entries[i] = i > 0 && random.nextInt(4) == 0 ? entries[i - 1] : entry.get();
        }
        return entries;
    }

    private static String name(Random random) {
        StringBuilder name = new StringBuilder();
        for (int i = 1 + random.nextInt(6); i > 0; i--) {
            name.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return name.toString();
    }

    /** The configuration as the service reads it back: lists and minimums the service defaults, replicas false. */
    private static QuerySuggestionsConfig withDefaults(QuerySuggestionsConfig config) {
        List<SourceIndex> sources = config.sourceIndices().stream()
                .map(source -> new SourceIndex(
                        source.indexName(),
                        orEmpty(source.analyticsTags()),
                        orEmpty(source.facets()),
                        source.minHits() == null ? 0 : source.minHits(),
                        source.minLetters() == null ? 0 : source.minLetters(),
                        orEmpty(source.generate()),
                        orEmpty(source.external()),
                        false))
                .toList();
        return new QuerySuggestionsConfig(
                config.indexName(), sources, orEmpty(config.languages()), orEmpty(config.exclude()));
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }
}
