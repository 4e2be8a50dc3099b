package io.quarry.crawler;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.crawler.model.Crawler;
import io.quarry.crawler.model.CrawlerAction;
import io.quarry.crawler.model.CrawlerConfiguration;
import io.quarry.crawler.model.CrawlerUpdate;
import io.quarry.crawler.model.RecordExtractor;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seeded random configurations built with the typed methods, odd values included (hosts in other scripts, user
 * info, ports, empty lists, duplicate actions, characters outside the Basic Multilingual Plane): each reads back
 * equal to the one sent, and sent back whole it stays so.
 */
class ConfigurationRoundTripContractTest {

    private static final long SEED = 0xC0FF_EE21L;
    private static final int CONFIGURATIONS = 40;

    private static final List<String> URLS = List.of(
            "https://www.example.com/docs/",
            "https://bücher.example/katalog?q=ä",
            "http://user:pass@127.0.0.1:8080/a",
            "http://[::1]:65535/",
            "https://example.com/\uD83D\uDE00?utm_source=x#top",
            "HTTP://EXAMPLE.COM");
    private static final List<String> PATTERNS =
            List.of("https://www.example.com/**", "!https://www.example.com/private/**", "*", "**/*.pdf", "?x");
    private static final List<String> SELECTORS =
            List.of("article", "!.draft", "main :not(:has(.old))", "h1, h2 > span", "[data-x=\"é\"]");
    private static final List<String> TEXTS = List.of("docs", "é", "\uD83D\uDE00 emoji", " spaced ", "a/b", "x");

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final CrawlerClient client = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()));

    @Test
    void aConfigurationReadsBackEqualToTheOneSent() {
        Random random = new Random(SEED);
        for (int i = 0; i < CONFIGURATIONS; i++) {
            CrawlerConfiguration sent = configuration(random);
            String context = "seed " + SEED + ", configuration " + i + ": " + sent;
            CrawlerHandle crawler =
                    client.crawler(client.create("random-" + i, sent).id());

            Crawler read = crawler.get();
            assertThat(read.config()).as(context).isEqualTo(sent).hasSameHashCodeAs(sent);
            assertThat(read.config().actions()).as(context).isEqualTo(sent.actions());
            assertThat(read.toString()).as(context).doesNotContain(sent.apiKey().orElseThrow());

            crawler.waitForTask(
                    crawler.update(CrawlerUpdate.of().config(read.config())).taskId(), FAST);
            assertThat(crawler.get().config()).as(context + ", sent back").isEqualTo(sent);
        }
    }

    private static CrawlerConfiguration configuration(Random random) {
        CrawlerConfiguration config = CrawlerConfiguration.of()
                .appId(MOCK.server().applicationId())
                .apiKey("target-key-" + random.nextInt(1_000_000))
                .rateLimit(1 + random.nextInt(100))
                .actions(actions(random));
        if (random.nextBoolean()) {
            config = config.indexPrefix(pick(random, TEXTS));
        }
        if (random.nextBoolean()) {
            config = config.startUrls(strings(random, URLS));
        }
        if (random.nextBoolean()) {
            config = config.sitemaps(strings(random, URLS));
        }
        if (random.nextBoolean()) {
            config = config.exclusionPatterns(strings(random, PATTERNS));
        }
        if (random.nextBoolean()) {
            config = config.ignoreQueryParams(strings(random, List.of("utm_*", "ref", "")));
        }
        if (random.nextBoolean()) {
            config = config.maxUrls(1 + random.nextInt(Integer.MAX_VALUE));
        }
        if (random.nextBoolean()) {
            config = config.maxDepth(1 + random.nextInt(100));
        }
        if (random.nextBoolean()) {
            config = config.schedule(pick(random, List.of("every 1 day", "at 3:00 pm", "")));
        }
        if (random.nextBoolean()) {
            config = config.member(
                    "safetyChecks", Map.of("beforeIndexPublishing", Map.of("maxLostRecordsPercentage", 10)));
        }
        return config;
    }

    private static List<CrawlerAction> actions(Random random) {
        int count = 1 + random.nextInt(random.nextInt(4) == 0 ? 30 : 3);
        List<CrawlerAction> actions = new ArrayList<>();
        for (int a = 0; a < count; a++) {
            if (a > 0 && random.nextInt(4) == 0) {
                actions.add(actions.get(0)); // the same action twice
                continue;
            }
            CrawlerAction action = CrawlerAction.of(
                    pick(random, TEXTS), RecordExtractor.function("() => [\"" + pick(random, TEXTS) + "\"]"));
            if (random.nextBoolean()) {
                action = action.pathsToMatch(strings(random, PATTERNS));
            }
            if (random.nextBoolean()) {
                action = action.selectorsToMatch(strings(random, SELECTORS));
            }
            if (random.nextBoolean()) {
                action = action.fileTypesToMatch(strings(random, List.of("html", "pdf", "doc")));
            }
            actions.add(action);
        }
        return actions;
    }

    /** Zero to three items, repeats possible. */
    private static String[] strings(Random random, List<String> pool) {
        String[] items = new String[random.nextInt(4)];
        for (int i = 0; i < items.length; i++) {
            items[i] = pick(random, pool);
        }
        return items;
    }

    private static String pick(Random random, List<String> values) {
        return values.get(random.nextInt(values.size()));
    }
}
