package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * A seed document that holds something the API would refuse is a 400 (or a start-up error) saying what, and
 * nothing of it is applied, wherever the refused part stands among good indices: it was applied up to the refused
 * index, numeric objectIDs were replaced by fresh ones, the same objectID twice kept the last, a rule the rule
 * endpoints refuse was stored, an index-level key whose index was not a string became a key of every index, and a
 * misspelt member ({@code record}, {@code key}) was ignored.
 */
@Timeout(30)
class SeedDocumentChecksHttpTest {

    private static final long SEED = 4711L;

    /** Each an index member of {@code "indices"}, or a {@code "keys"} member, that must be refused. */
    private static final List<String> REFUSED = List.of(
            "'indices': {'': {}}",
            "'indices': {'..': {}}",
            "'indices': {'*': {}}",
            "'indices': {'a\\u0001b': {}}",
            "'indices': {'" + "x".repeat(513) + "': {}}",
            "'indices': {'n': {'records': [{'objectID': 5}]}}",
            "'indices': {'n': {'records': [{'objectID': ''}]}}",
            "'indices': {'n': {'records': [{'objectID': '\\ud800'}]}}",
            "'indices': {'n': {'records': [{'objectID': 'same', 'v': 1}, {'objectID': 'same', 'v': 2}]}}",
            "'indices': {'n': {'records': [{'objectID': 'deep', 'v': " + "[".repeat(401) + "]".repeat(401) + "}]}}",
            "'indices': {'n': {'rules': [{'objectID': 'r', 'conditions': [{'filters': 'a:b'}], "
                    + "'consequence': {'params': {'query': 'x'}}}]}}",
            "'indices': {'n': {'rules': [{'consequence': {'params': {'query': 'x'}}}]}}",
            "'indices': {'n': {'rules': [{'objectID': 'r', 'consequence': 5}]}}",
            "'indices': {'n': {'rules': [{'objectID': 'r', 'consequence': {}}, {'objectID': 'r', 'consequence': {}}]}}",
            "'indices': {'n': {'settings': {'replicas': 'n_r'}}}",
            "'indices': {'n': {'settings': {'replicas': ['n']}}}",
            "'indices': {'n': {'settings': {'replicas': ['virtual(n_r)', 'n_r']}}}",
            "'indices': {'n': {'settings': {'replicas': [5]}}}",
            "'indices': {'n': {'settings': {'primary': 'n'}}}",
            "'indices': {'n': {'settings': {'primary': ['p']}}}",
            "'keys': [{'value': 'k1', 'acl': ['search'], 'index': 5}]",
            "'keys': [{'value': 'k1', 'acl': ['search'], 'index': '..'}]",
            "'keys': [{'value': 5, 'acl': ['search']}]",
            // a member the format does not have: ignored, the seed applied without what it held
            "'indices': {'n': {'record': [{'objectID': 'lost'}]}}",
            "'key': [{'value': 'k1', 'acl': ['search']}]");

    @Test
    void aRefusedSeedIsRefusedWholeWhereverItsFaultStands() {
        Random random = new Random(SEED);
        try (MockServer server = MockServer.builder()
                .seedJson(jq("{'indices': {'kept': {'records': [{'objectID': '1'}]}}}"))
                .start()) {
            TestClient client = new TestClient(server);
            JsonNode before = client.get("/_mock/state").body();
            for (String refused : REFUSED) {
                String document = amongGoodIndices(refused, random);
                Reply reply = client.post("/_mock/seed", document);
                assertThat(reply.status())
                        .as("seed %d: %s -> %s", SEED, refused, reply)
                        .isEqualTo(400);
                assertThat(client.get("/_mock/state").body())
                        .as("seed %d: nothing of %s applied", SEED, refused)
                        .isEqualTo(before);
            }
        }
    }

    @Test
    void aRefusedStartupSeedFailsTheStartSayingWhy() {
        assertThatThrownBy(() -> MockServer.builder()
                        .seedJson(jq("{'indices': {'n': {'records': [{'objectID': 7}]}}}"))
                        .start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("records[0] of index n")
                .hasMessageContaining("objectID");
    }

    @Test
    void recordsWithoutObjectIdAndNullOnesGetOneAndRulesAreSavedAsTheApiSavesThem() {
        try (MockServer server = MockServer.builder().start()) {
            TestClient client = new TestClient(server);
            Reply reply = client.post(
                    "/_mock/seed",
                    jq("{'indices': {'n': {'records': [{'a': 1}, {'objectID': null, 'a': 2}],"
                            + " 'rules': [{'objectID': 'r', 'condition': {'pattern': 'x', 'anchoring': 'is'},"
                            + " 'consequence': {'params': {'query': 'y'}}}]}},"
                            + " 'keys': [{'value': 'scoped', 'acl': ['search'], 'index': 'n'}]}"));
            assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
            JsonNode index = client.get("/_mock/state").body().get("indices").get("n");
            assertThat(index.get("records")).hasSize(2);
            assertThat(index.get("rules").get(0).has("conditions"))
                    .as("the legacy condition, as the rule endpoints save it")
                    .isTrue();
            assertThat(client.get("/1/keys/scoped").body().get("acl").toString())
                    .contains("search");
            client.put("/1/indexes/other/1", "{}");
            assertThat(client.withKey("scoped").post("/1/indexes/n/query", "{}").status())
                    .isEqualTo(200);
            assertThat(client.withKey("scoped")
                            .post("/1/indexes/other/query", "{}")
                            .status())
                    .as("an index-level key searches no other index")
                    .isEqualTo(403);
        }
    }

    /** The refused member among indices that are fine, before and after it in an order drawn from the seed. */
    private static String amongGoodIndices(String refused, Random random) {
        List<String> members = new ArrayList<>();
        for (int i = random.nextInt(3); i >= 0; i--) {
            members.add("'good" + random.nextInt(1000) + "': {'records': [{'objectID': 'g'}]}");
        }
        if (refused.startsWith("'indices'")) {
            String inner = refused.substring(refused.indexOf('{') + 1, refused.lastIndexOf('}'));
            members.add(inner);
            Collections.shuffle(members, random);
            return jq("{'indices': {" + String.join(", ", members) + "}}");
        }
        return jq("{'indices': {" + String.join(", ", members) + "}, " + refused + "}");
    }
}
