package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code minWordSizefor1Typo} and {@code minWordSizefor2Typos}: whole numbers of 0 or more, the two-typo size not
 * below the one-typo size when given together, refused with a 400 naming the size in a search and in a settings
 * write, so that no saved setting makes later searches fail. Run another start with
 * {@code -Dquarry.typo.sizes.seed=S}.
 */
class TypoWordSizesHttpTest {

    private static final long SEED = Long.getLong("quarry.typo.sizes.seed", 20261129L);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final List<JsonNode> SIZES = List.of(
            JSON.numberNode(0),
            JSON.numberNode(3),
            JSON.numberNode(8),
            JSON.numberNode(-1),
            JSON.numberNode(2.5),
            JSON.numberNode(1e12),
            JSON.stringNode("5"),
            JSON.stringNode("-5"),
            JSON.stringNode("five"),
            JSON.booleanNode(true),
            JSON.arrayNode().add(4),
            JSON.nullNode());

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void records() {
        client.put("/1/indexes/sizes/abc", jq("{'name':'kitten'}")).requireOk();
    }

    @Test
    void aSizeThatIsNoWholeNumberOfZeroOrMoreIsRefusedNamingIt() {
        for (String name : List.of("minWordSizefor1Typo", "minWordSizefor2Typos")) {
            for (String bad : List.of("-1", "2.5", "'four'", "true", "[4]", "{}")) {
                String body = jq("{'" + name + "':" + bad + "}");
                Reply search = client.post("/1/indexes/sizes/query", body);
                assertThat(search.status()).as(name + " " + bad).isEqualTo(400);
                assertThat(search.body().path("message").asString()).contains(name);
                Reply settings = client.put("/1/indexes/sizes/settings", body);
                assertThat(settings.status()).as(name + " " + bad).isEqualTo(400);
                assertThat(settings.body().path("message").asString()).contains(name);
            }
        }
        client.post("/1/indexes/sizes/query", "{}").requireOk();
    }

    @Test
    void aTwoTypoSizeBelowTheOneTypoSizeGivenWithItIsRefused() {
        String crossing = jq("{'minWordSizefor1Typo':6,'minWordSizefor2Typos':5}");
        assertThat(client.post("/1/indexes/sizes/query", crossing).status()).isEqualTo(400);
        assertThat(client.put("/1/indexes/sizes/settings", crossing).status()).isEqualTo(400);
        client.put("/1/indexes/sizes/settings", jq("{'minWordSizefor1Typo':6}")).requireOk();
        Reply second = client.put("/1/indexes/sizes/settings", jq("{'minWordSizefor2Typos':5}"));
        assertThat(second.status()).isEqualTo(400);
        assertThat(second.body().path("message").asString()).contains("minWordSizefor2Typos");
    }

    @Test
    void sizesCrossingBetweenSettingsAndRequestAllowNoTypoBelowTheOneTypoSize() {
        client.put("/1/indexes/sizes/settings", jq("{'minWordSizefor1Typo':7}")).requireOk();
        // "kiten" has 5 letters: the request's two-typo size 5 would allow it two typos, the one-typo size none.
        Reply search = client.post("/1/indexes/sizes/query", jq("{'query':'kiten','minWordSizefor2Typos':5}"));
        assertThat(search.requireOk().hitIds()).isEmpty();
        Reply longer = client.post("/1/indexes/sizes/query", jq("{'query':'kittten','minWordSizefor2Typos':5}"));
        assertThat(longer.requireOk().hitIds()).containsExactly("abc");
    }

    @Test
    void noSettingsWriteOfRandomSizesBreaksALaterSearch() {
        Random random = new Random(SEED);
        for (int round = 0; round < 30; round++) {
            ObjectNode change = JSON.objectNode();
            if (random.nextBoolean()) {
                change.set("minWordSizefor1Typo", SIZES.get(random.nextInt(SIZES.size())));
            }
            if (random.nextBoolean()) {
                change.set("minWordSizefor2Typos", SIZES.get(random.nextInt(SIZES.size())));
            }
            Reply written = client.put("/1/indexes/sizes/settings", change.toString());
            String why = "seed " + SEED + ", round " + round + ": " + change + " gave " + written;
            assertThat(written.status()).as(why).isIn(200, 400);
            if (written.status() == 400) {
                assertThat(written.body().path("message").asString()).as(why).contains("minWordSizefor");
            }
            Reply search = client.post("/1/indexes/sizes/query", jq("{'query':'kitten'}"));
            assertThat(search.status()).as(why + ", then the search " + search).isEqualTo(200);
        }
    }
}
