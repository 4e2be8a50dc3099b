package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A cursor is opaque: only one the server issued continues a browse. Edited cursors, whatever shape their contents
 * take ({@code "after":[{}]} among them), and cursors written from scratch were read as positions; each is now a 400
 * {@code Invalid cursor}. Seeded: {@code -Dquarry.cursor.seed}, {@code -Dquarry.cursor.rounds} for a longer run.
 */
class BrowseCursorForgeryHttpTest {

    private static final long SEED = Long.getLong("quarry.cursor.seed", 20261129L);
    private static final int ROUNDS = Integer.getInteger("quarry.cursor.rounds", 10);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        StringBuilder records = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            records.append(i == 0 ? "" : ",")
                    .append("{'objectID':'r")
                    .append(i)
                    .append("','rank':")
                    .append(i % 5);
            records.append(",'kind':'").append(i % 2 == 0 ? "even" : "odd").append("'}");
        }
        server.seed(jq("{'indices':{'items':{'settings':{'customRanking':['desc(rank)'],"
                + "'attributesForFaceting':['kind']},'records':[" + records + "]}}}"));
    }

    private Reply browse(String body) {
        return client.post("/1/indexes/items/browse", body);
    }

    private Reply next(String cursor) {
        ObjectNode body = NODES.objectNode().put("cursor", cursor);
        return browse(body.toString());
    }

    @Test
    void theFormerlyAcceptedForgeryIsRefused() {
        String issued = browse(jq("{'params':'hitsPerPage=4'}"))
                .requireOk()
                .body()
                .get("cursor")
                .stringValue();
        ObjectNode contents = contents(issued);
        contents.putArray("after").addObject();
        assertThat(next(unsigned(contents)).body().get("message").stringValue()).isEqualTo("Invalid cursor");
        assertThat(next(withSignatureOf(issued, contents)).status()).isEqualTo(400);
    }

    @Test
    void editedAndMadeUpCursorsAreRefusedWhileIssuedOnesReadEveryRecordOnce() {
        Random random = new Random(SEED);
        for (int round = 0; round < ROUNDS; round++) {
            String context = "seed " + SEED + ", round " + round;
            int hitsPerPage = 3 + random.nextInt(7);
            String params = "hitsPerPage=" + hitsPerPage + (random.nextBoolean() ? "&filters=kind%3Aeven" : "");
            Reply first = browse("{\"params\":\"" + params + "\"}").requireOk();
            String issued = first.body().get("cursor").stringValue();
            String forged = forge(random, issued);
            Reply refused = next(forged);
            assertThat(refused.status())
                    .as("%s: %s -> %s", context, forged, refused)
                    .isEqualTo(400);
            assertThat(refused.body().get("message").stringValue()).as(context).isEqualTo("Invalid cursor");

            List<String> read = new ArrayList<>(first.hitIds());
            Reply page = next(issued).requireOk();
            read.addAll(page.hitIds());
            while (page.body().has("cursor")) {
                page = next(page.body().get("cursor").stringValue()).requireOk();
                read.addAll(page.hitIds());
            }
            assertThat(read).as(context).doesNotHaveDuplicates().hasSize(params.contains("filters") ? 10 : 20);
        }
    }

    private static String forge(Random random, String issued) {
        ObjectNode contents = contents(issued);
        switch (random.nextInt(6)) {
            case 0 -> contents.set("after", NODES.arrayNode().add(oddValue(random)));
            case 1 ->
                contents.set(List.of("page", "sequence", "nbHits", "lineage").get(random.nextInt(4)), oddValue(random));
            case 2 -> contents.set("params", NODES.objectNode().put("hitsPerPage", 1 + random.nextInt(999)));
            case 3 -> contents.put("sequence", contents.get("sequence").asLong() + 1 + random.nextInt(5));
            case 4 -> {
                // one character of the contents changed (not the last, whose low bits Base64 may leave unused)
                char[] text = issued.toCharArray();
                int at = random.nextInt(issued.indexOf('.') - 1);
                text[at] = text[at] == 'A' ? 'B' : 'A';
                return new String(text);
            }
            default -> contents.put("extra", random.nextInt());
        }
        return random.nextBoolean() ? unsigned(contents) : withSignatureOf(issued, contents);
    }

    private static JsonNode oddValue(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> NODES.objectNode();
            case 1 -> NODES.arrayNode().add(NODES.arrayNode());
            case 2 -> NODES.numberNode(Double.MAX_VALUE);
            case 3 -> NODES.stringNode("x".repeat(random.nextInt(300)));
            case 4 -> NODES.booleanNode(random.nextBoolean());
            default -> NODES.numberNode(-random.nextInt(1000));
        };
    }

    private static ObjectNode contents(String issued) {
        String payload = issued.substring(0, issued.indexOf('.'));
        return (ObjectNode) TestClient.json(new String(Base64.getUrlDecoder().decode(payload), StandardCharsets.UTF_8));
    }

    private static String unsigned(ObjectNode contents) {
        return encode(contents);
    }

    private static String withSignatureOf(String issued, ObjectNode contents) {
        return encode(contents) + issued.substring(issued.indexOf('.'));
    }

    private static String encode(ObjectNode contents) {
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(contents.toString().getBytes(StandardCharsets.UTF_8));
    }
}
