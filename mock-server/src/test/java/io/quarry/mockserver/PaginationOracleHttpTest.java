package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Pages read one by one against a count made apart: a seeded index, random page sizes, filters and
 * {@code paginationLimitedTo}, every page of a search and every call of a browse (with records written between
 * browse calls) compared with the records the filter selects. Set {@code -Dquarry.pagination.rounds=N} for a longer
 * run; the seed is in every failure message.
 */
class PaginationOracleHttpTest {

    private static final long SEED = Long.getLong("quarry.pagination.seed", 20261129L);
    private static final int ROUNDS = Integer.getInteger("quarry.pagination.rounds", 4);
    private static final int RECORDS = 240;
    private static final String[] KINDS = {"a", "b", "c"};

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());
    private final Random random = new Random(SEED);
    /** The kind of each record the index holds, kept in step with the writes. */
    private final Map<String, String> kinds = new HashMap<>();
    /** The kind of each record the index has ever held. */
    private final Map<String, String> everHeld = new HashMap<>();

    @BeforeEach
    void seed(MockServer server) {
        ArrayNode records = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < RECORDS; i++) {
            records.add(record("r" + i));
        }
        ObjectNode seed = (ObjectNode)
                TestClient.json(
                        jq(
                                "{'indices':{'items':{'settings':{'attributesForFaceting':['kind'],'customRanking':['desc(rank)']}}}}"));
        ((ObjectNode) seed.get("indices").get("items")).set("records", records);
        server.seed(seed.toString());
    }

    private ObjectNode record(String objectID) {
        String kind = KINDS[random.nextInt(KINDS.length)];
        kinds.put(objectID, kind);
        everHeld.put(objectID, kind);
        return JsonNodeFactory.instance
                .objectNode()
                .put("objectID", objectID)
                .put("kind", kind)
                .put("rank", random.nextInt(10));
    }

    private Set<String> expected(String kind) {
        return ofKind(kinds, kind);
    }

    private static Set<String> ofKind(Map<String, String> records, String kind) {
        Set<String> ids = new HashSet<>();
        records.forEach((id, k) -> {
            if (kind == null || kind.equals(k)) {
                ids.add(id);
            }
        });
        return ids;
    }

    private static String filter(String kind) {
        return kind == null ? "" : "&filters=kind%3A" + kind;
    }

    @Test
    void everyPageOfASearchTogetherHoldsEachReachableHitOnce() {
        for (int round = 0; round < ROUNDS; round++) {
            String kind = random.nextBoolean() ? null : KINDS[random.nextInt(KINDS.length)];
            int hitsPerPage = 1 + random.nextInt(60);
            int limit = random.nextBoolean() ? 1000 : random.nextInt(120);
            String params = "hitsPerPage=" + hitsPerPage + "&paginationLimitedTo=" + limit + filter(kind);
            String seen = "seed " + SEED + ", round " + round + ", " + params;
            Set<String> expected = expected(kind);
            int reachable = Math.min(expected.size(), limit);
            List<String> read = new ArrayList<>();
            int nbPages = (reachable + hitsPerPage - 1) / hitsPerPage;
            for (int page = 0; page <= nbPages; page++) {
                Reply reply = search(params + "&page=" + page);
                assertThat(reply.body().get("nbHits").asInt()).as(seen).isEqualTo(expected.size());
                assertThat(reply.body().get("nbPages").asInt()).as(seen).isEqualTo(nbPages);
                assertThat(reply.hitIds().size())
                        .as("%s, page %d", seen, page)
                        .isEqualTo(Math.max(0, Math.min(hitsPerPage, reachable - page * hitsPerPage)));
                read.addAll(reply.hitIds());
            }
            assertThat(read).as(seen).doesNotHaveDuplicates().hasSize(reachable);
            assertThat(expected).as(seen).containsAll(read);
            int offset = random.nextInt(reachable + 3);
            int length = random.nextInt(40);
            List<String> slice =
                    search(params + "&offset=" + offset + "&length=" + length).hitIds();
            assertThat(slice)
                    .as("%s, offset %d, length %d", seen, offset, length)
                    .isEqualTo(read.subList(Math.min(offset, reachable), Math.min(offset + length, reachable)));
        }
    }

    private Reply search(String params) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("params", params);
        return client.post("/1/indexes/items/query", body.toString()).requireOk();
    }

    @Test
    void aBrowseWithWritesBetweenCallsReadsEachLastingRecordOnce() {
        int added = 0;
        for (int round = 0; round < ROUNDS; round++) {
            String kind = random.nextBoolean() ? null : KINDS[random.nextInt(KINDS.length)];
            int hitsPerPage = 1 + random.nextInt(80);
            String seen = "seed " + SEED + ", round " + round + ", hitsPerPage " + hitsPerPage + ", kind " + kind;
            Set<String> lasting = expected(kind);
            int count = lasting.size();
            Set<String> read = new LinkedHashSet<>();
            ObjectNode body =
                    JsonNodeFactory.instance.objectNode().put("params", "hitsPerPage=" + hitsPerPage + filter(kind));
            for (int calls = 0; calls < 2 * RECORDS; calls++) {
                Reply reply =
                        client.post("/1/indexes/items/browse", body.toString()).requireOk();
                assertThat(reply.body().get("nbHits").asInt()).as(seen).isEqualTo(count);
                for (String id : reply.hitIds()) {
                    assertThat(read.add(id)).as("%s: %s read twice", seen, id).isTrue();
                }
                if (!reply.body().has("cursor")) {
                    break;
                }
                body = JsonNodeFactory.instance
                        .objectNode()
                        .put("cursor", reply.body().get("cursor").stringValue());
                added += writeSomething(lasting, added);
            }
            assertThat(read).as(seen).containsAll(lasting);
            assertThat(ofKind(everHeld, kind)).as(seen).containsAll(read);
        }
    }

    /** A random write between two browse calls: an add, a delete or an update leaving the rank as it was. */
    private int writeSomething(Set<String> lasting, int added) {
        List<String> ids = new ArrayList<>(kinds.keySet());
        String target = ids.get(random.nextInt(ids.size()));
        ObjectNode operation = JsonNodeFactory.instance.objectNode();
        int choice = random.nextInt(3);
        if (choice == 0) {
            operation.put("action", "addObject").set("body", record("n" + added));
        } else if (choice == 1) {
            operation.put("action", "deleteObject").putObject("body").put("objectID", target);
            kinds.remove(target);
            lasting.remove(target);
        } else {
            operation
                    .put("action", "partialUpdateObject")
                    .putObject("body")
                    .put("objectID", target)
                    .put("note", added);
        }
        ObjectNode batch = JsonNodeFactory.instance.objectNode();
        batch.putArray("requests").add(operation);
        client.post("/1/indexes/items/batch", batch.toString()).requireOk();
        return choice == 0 ? 1 : 0;
    }
}
