package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded random crawler configurations, valid and hostile, through create, read, configuration change and test:
 * each is answered 200 or 400 (never 500, never held), and one that is taken reads back exactly as sent.
 */
class CrawlerRandomConfigHttpTest {

    private static final long SEED = 0x5EED_C4A3L;
    private static final int CONFIGURATIONS = 100;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final MockServer SERVER = MockServer.builder().start();
    private static final TestClient CLIENT = new TestClient(SERVER, null, null);

    private static final List<String> URLS = List.of(
            "http://127.0.0.1:1/docs/",
            "https://bücher.example/katalog",
            "https://xn--bcher-kva.example/",
            "http://user:secret@127.0.0.1:1/",
            "http://[::1]:1/a?b=c#d",
            "http://127.0.0.1:65536/",
            "http://127.0.0.1:0/",
            "https://my_host.example.com/",
            "http://My_Host.Example:80/./a/../b?utm_x=1#f",
            "http://a@b@my_host.example/",
            "http://my_host.example:8x/",
            "http://%zz_host/",
            "http://127.0.0.1:1/" + "../".repeat(300),
            "ftp://127.0.0.1/",
            "/relative/path",
            "http://",
            "http://127.0.0.1:1/" + "a/".repeat(500),
            "http://127.0.0.1:1/é?q=ü&utm_source=x",
            "http://127.0.0.1:1/%zz",
            "http://127.0.0.1:1/a b",
            "http://xn--/",
            "http://127.0.0.1.:1/",
            "http://%61/",
            "http://[::1/",
            "//127.0.0.1:1/no-scheme",
            "//bücher.example/",
            "",
            " ");
    private static final List<String> PATTERNS = List.of(
            "**", "*", "http://127.0.0.1:1/**", "!http://127.0.0.1:1/private/**", "?", "", "!", "**/*?*", "!!**");
    private static final List<String> SELECTORS = List.of(
            "article",
            "!.draft",
            "main :not(:has(.x))",
            ":not(".repeat(20) + "a" + ")".repeat(20),
            ":has(".repeat(3000) + "a" + ")".repeat(3000),
            "p:matches((a+)+$)",
            "[class~=a]",
            "a[",
            "!",
            "",
            "h1, h2 > span",
            ":nth-child(2n+1)",
            "\uD83D\uDE00");
    private static final List<String> TEXTS =
            List.of("docs", "", " ", "é", "\uD83D\uDE00", "a".repeat(600), ".", "..", "*", "tab\there", "a/b", "null");

    @AfterAll
    static void stop() {
        SERVER.close();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyConfigurationIsTakenAsSentOrRefusedWithA400() {
        Random random = new Random(SEED);
        for (int i = 0; i < CONFIGURATIONS; i++) {
            String context = "seed " + SEED + ", configuration " + i;
            ObjectNode config = mutated(valid(random), random);
            Reply created = create(config);
            assertAnsweredOkOr400(created, context + ", create " + config);
            if (created.status() != 200) {
                continue;
            }
            String id = created.body().get("id").asString();
            assertThat(read(id)).as(context + ": read back as sent").isEqualTo(asRead(config));

            ObjectNode change = mutated(NODES.objectNode(), random);
            Reply changed = crawler("PATCH", "/crawlers/" + id + "/config", change.toString());
            assertAnsweredOkOr400(changed, context + ", change " + change);
            ObjectNode expected = config.deepCopy();
            if (changed.status() == 200) {
                expected.setAll(change);
            }
            assertThat(read(id)).as(context + ": after the change " + change).isEqualTo(asRead(expected));

            ObjectNode test = NODES.objectNode().put("url", pick(random, URLS));
            if (random.nextBoolean()) {
                test.set("config", mutated(NODES.objectNode(), random));
            }
            assertAnsweredOkOr400(crawler("POST", "/crawlers/" + id + "/test", test.toString()), context + ", " + test);
        }
    }

    private static ObjectNode valid(Random random) {
        ObjectNode config = NODES.objectNode().put("appId", "QUARRYMOCK").put("rateLimit", 1 + random.nextInt(100));
        config.putArray("actions").add(action(random));
        return config;
    }

    private static ObjectNode action(Random random) {
        ObjectNode action = NODES.objectNode().put("indexName", "docs" + random.nextInt(3));
        action.putObject("recordExtractor").put("__type", "function").put("source", "() => []");
        return action;
    }

    /** The configuration with one to three members set to random, often hostile, values. */
    private static ObjectNode mutated(ObjectNode config, Random random) {
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations; m++) {
            mutate(config, random);
        }
        return config;
    }

    private static void mutate(ObjectNode config, Random random) {
        switch (random.nextInt(16)) {
            case 0 -> config.set("rateLimit", number(random));
            case 1 -> config.set("maxUrls", number(random));
            case 2 -> config.set("maxDepth", number(random));
            case 3 -> config.set("startUrls", strings(random, URLS));
            case 4 -> config.set("sitemaps", strings(random, URLS));
            case 5 -> config.set("extraUrls", strings(random, URLS));
            case 6 -> config.set("exclusionPatterns", strings(random, PATTERNS));
            case 7 -> config.set("ignoreQueryParams", strings(random, PATTERNS));
            case 8 -> config.put("indexPrefix", pick(random, TEXTS));
            case 9 -> config.set("schedule", random.nextBoolean() ? NODES.stringNode("every 1 day") : number(random));
            case 10 -> config.set("safetyChecks", safetyChecks(random));
            case 11 -> config.set("actions", actions(random));
            case 12 ->
                config.set("appId", random.nextBoolean() ? NODES.stringNode(pick(random, TEXTS)) : number(random));
            case 13 -> config.set("unknownMember", nested(random.nextInt(200)));
            case 14 -> config.putNull(pick(random, List.of("indexPrefix", "startUrls", "apiKey", "maxDepth")));
            default -> config.put("apiKey", pick(random, TEXTS));
        }
    }

    private static ArrayNode actions(Random random) {
        ArrayNode actions = NODES.arrayNode();
        int count = random.nextInt(10) == 0 ? 31 : random.nextInt(4);
        ObjectNode first = action(random);
        for (int a = 0; a < count; a++) {
            // duplicates on purpose: the same action twice writes the same index twice
            ObjectNode action = random.nextBoolean() ? first : action(random);
            switch (random.nextInt(6)) {
                case 0 -> action.set("selectorsToMatch", strings(random, SELECTORS));
                case 1 -> action.set("pathsToMatch", strings(random, PATTERNS));
                case 2 -> action.set("fileTypesToMatch", strings(random, List.of("html", "PDF", "", "doc")));
                case 3 -> action.put("indexName", pick(random, TEXTS));
                case 4 -> action.set("recordExtractor", random.nextBoolean() ? number(random) : NODES.objectNode());
                default -> {}
            }
            actions.add(action.deepCopy());
        }
        return actions;
    }

    private static JsonNode safetyChecks(Random random) {
        ObjectNode checks = NODES.objectNode();
        checks.putObject("beforeIndexPublishing").set("maxLostRecordsPercentage", number(random));
        return random.nextInt(4) == 0 ? NODES.stringNode("none") : checks;
    }

    private static JsonNode number(Random random) {
        Supplier<JsonNode> pick = switch (random.nextInt(6)) {
            case 0 -> () -> NODES.numberNode(random.nextInt(201) - 50);
            case 1 -> () -> NODES.numberNode(new BigInteger("9".repeat(1 + random.nextInt(40))));
            case 2 -> () -> NODES.numberNode(random.nextDouble() * 200);
            case 3 -> () -> NODES.numberNode(Long.MIN_VALUE);
            case 4 -> () -> NODES.stringNode("8");
            default -> () -> NODES.numberNode(1 + random.nextInt(100));
        };
        return pick.get();
    }

    private static ArrayNode strings(Random random, List<String> pool) {
        ArrayNode array = NODES.arrayNode();
        int count = random.nextInt(20) == 0 ? 1001 : random.nextInt(4);
        for (int i = 0; i < count; i++) {
            array.add(pick(random, pool));
        }
        return array;
    }

    private static JsonNode nested(int depth) {
        JsonNode node = NODES.stringNode("\u0000\uFFFF");
        for (int d = 0; d < depth; d++) {
            node = d % 2 == 0 ? NODES.arrayNode().add(node) : NODES.objectNode().set("k", node);
        }
        return node;
    }

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private static void assertAnsweredOkOr400(Reply reply, String context) {
        assertThat(reply.status()).as(context + " -> " + reply).isIn(200, 400);
        if (reply.status() == 400) {
            assertThat(reply.body().path("message").asString("")).as(context).isNotBlank();
        }
    }

    /** The tree as the JSON text of it reads (a small integer built as a BigInteger reads as an int). */
    private static JsonNode asRead(JsonNode sent) {
        return TestClient.json(sent.toString());
    }

    private static Reply create(ObjectNode config) {
        ObjectNode body = NODES.objectNode().put("name", "random");
        body.set("config", config);
        return crawler("POST", "/crawlers", body.toString());
    }

    private static JsonNode read(String id) {
        Reply read = crawler("GET", "/crawlers/" + id + "?withConfig=true", null);
        assertThat(read.status()).as(read.toString()).isEqualTo(200);
        return read.body().get("config");
    }

    private static Reply crawler(String method, String path, String json) {
        return CLIENT.crawler(method, path, json);
    }
}
