package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.JsonMutations;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Valid query-suggestions configurations and prediction requests, each with a few members swapped for odd values
 * (wrong types, empty and long strings, odd Unicode, huge and negative numbers, nulls, nested lists), from a fixed
 * seed: every answer is the service's error or a success, never a 500; a configuration accepted can be read and
 * deleted by its name, and a refused prediction says what and where.
 */
class SuggestionsAnswersRandomBodiesHttpTest {

    private static final long SEED = 20_261_129L;
    private static final int ROUNDS = 100;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        server.seed(jq("{'indices':{'products':{'settings':{'attributesForFaceting':['brand']},'records':["
                + "{'objectID':'1','name':'running shoes','brand':'Acme','body':'The shoes last a year. Light.'},"
                + "{'objectID':'2','name':'hiking boots','brand':'Zeta','body':'Boots for hiking. Waterproof.'}]}}}"));
        client.post("/1/indexes/products/query", jq("{'query':'running shoes'}"))
                .requireOk();
    }

    @Test
    void oddConfigurationsAreRefusedOrReadableAndDeletable() {
        Random random = new Random(SEED);
        for (int round = 0; round < ROUNDS; round++) {
            ObjectNode body = (ObjectNode) TestClient.json(jq("{'indexName':'s" + round + "','sourceIndices':[{"
                    + "'indexName':'products','analyticsTags':['web'],'facets':[{'attribute':'brand','amount':2}],"
                    + "'minHits':1,'minLetters':2,'generate':[['brand']],'external':['products']}],"
                    + "'languages':['en'],'exclude':['cheap']}"));
            JsonMutations.mutate(body, random, 1 + random.nextInt(3), SuggestionsAnswersRandomBodiesHttpTest::odd);
            String what = "seed " + SEED + ", round " + round + ": " + ascii(body);

            Reply created = client.post("/1/configs", ascii(body));

            assertThat(created.status()).as(what).isIn(200, 400, 422);
            assertThat(created.body().get("message").isString()).as(what).isTrue();
            if (created.status() == 200) {
                String path = "/1/configs/"
                        + URLEncoder.encode(body.get("indexName").asString(), StandardCharsets.UTF_8)
                                .replace("+", "%20");
                assertThat(client.get(path).status()).as(what).isEqualTo(200);
                assertThat(client.get(path + "/status").status()).as(what).isEqualTo(200);
                assertThat(client.delete(path).status()).as(what).isEqualTo(200);
            }
        }
    }

    @Test
    void oddPredictionsAreAnsweredOrRefusedWithDetail() {
        Random random = new Random(SEED);
        for (int round = 0; round < ROUNDS; round++) {
            ObjectNode body = (ObjectNode) TestClient.json(jq("{'query':'how long do running shoes last',"
                    + "'queryLanguages':['en'],'attributesForPrediction':['body','name'],"
                    + "'searchParameters':{'filters':'brand:Acme'},'nbHits':5,'threshold':0.1,"
                    + "'returnExtractAttribute':true}"));
            JsonMutations.mutate(body, random, 1 + random.nextInt(3), SuggestionsAnswersRandomBodiesHttpTest::odd);
            String what = "seed " + SEED + ", round " + round + ": " + ascii(body);

            Reply reply = client.post("/1/answers/products/prediction", ascii(body));

            assertThat(reply.status()).as(what).isIn(200, 400, 422);
            if (reply.status() == 422) {
                assertThat(reply.body().get("detail").isArray()).as(what).isTrue();
                assertThat(reply.body().get("received")).as(what).isEqualTo(body);
            } else if (reply.status() == 200) {
                assertThat(reply.body().get("hits").size())
                        .as(what)
                        .isEqualTo(reply.body().get("nbHits").asInt());
            }
        }
    }

    /**
     * The body with every character outside printable ASCII escaped: a lone surrogate then reaches the server as
     * JSON carries it, and a failure message shows the body whole.
     */
    private static String ascii(JsonNode body) {
        StringBuilder out = new StringBuilder();
        body.toString()
                .chars()
                .forEach(c ->
                        out.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\u%04x", c)));
        return out.toString();
    }

    private static JsonNode odd(Random random) {
        return switch (random.nextInt(14)) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.stringNode("");
            case 2 -> NODES.stringNode(" ");
            case 3 -> NODES.stringNode("x".repeat(600));
            case 4 -> NODES.stringNode("\ud800");
            case 5 -> NODES.stringNode("*");
            case 6 -> NODES.stringNode("caf\u00e9 \ud83d\ude00 \u0000");
            case 7 -> NODES.numberNode(-1);
            case 8 -> NODES.numberNode(Long.MAX_VALUE);
            case 9 -> NODES.numberNode(new java.math.BigInteger("99999999999999999999999"));
            case 10 -> NODES.numberNode(2.5);
            case 11 -> NODES.booleanNode(random.nextBoolean());
            case 12 -> NODES.arrayNode().add(NODES.arrayNode().add("nested")).add(7);
            default -> NODES.objectNode().put("indexName", "products");
        };
    }
}
