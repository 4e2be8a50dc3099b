package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.math.BigInteger;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Random writes of every kind (single calls, batches with every action, multi-index batches), sent to the mock
 * server and applied to {@link RecordWritesModel}; after each step every record of both indices must be the
 * model's, and each batch must answer its objectIDs in order. {@code -Dquarry.recordWrites.seed=N} replays a
 * failure, {@code -Dquarry.recordWrites.steps=N} runs longer.
 */
class RandomRecordWritesHttpTest {

    private static final long SEED = Long.getLong("quarry.recordWrites.seed", 20_261_129L);
    private static final int STEPS = Integer.getInteger("quarry.recordWrites.steps", 60);
    private static final List<String> INDICES = List.of("w1", "w 2");
    private static final List<String> IDS =
            List.of("a", "b", "1", " ", "x/y?z#w", "100%", "é漢😀", "a.b", "long" + "-".repeat(996));
    private static final List<String> ATTRIBUTES = List.of("n", "t", "s", "a.b");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());
    private final RecordWritesModel model = new RecordWritesModel();
    private final Set<String> assignedIds = new LinkedHashSet<>();
    private final Random random = new Random(SEED);

    @Test
    void everyRecordIsTheModelsAfterEachStep() {
        for (int step = 0; step < STEPS; step++) {
            String what = "seed " + SEED + ", step " + step + ": ";
            switch (random.nextInt(6)) {
                case 0 -> what += singleCall();
                case 1, 2 -> what += batch(pick(INDICES));
                default -> what += batch(null);
            }
            compareEveryRecord(what);
        }
    }

    /** {@return what it sent} */
    private String singleCall() {
        String index = pick(INDICES);
        String id = pick(IDS);
        String path = "/1/indexes/" + segment(index) + "/" + segment(id);
        return switch (random.nextInt(5)) {
            case 0 -> {
                ObjectNode record = record(id);
                expectOk(client.put(path, record.toString()), path);
                model.put(index, record);
                yield "PUT " + path + " " + record;
            }
            case 1 -> {
                boolean create = random.nextBoolean();
                ObjectNode update = partialUpdate(id);
                expectOk(client.post(path + "/partial?createIfNotExists=" + create, update.toString()), path);
                model.partial(index, id, update, create);
                yield "partial " + path + " create=" + create + " " + update;
            }
            case 2 -> {
                expectOk(client.delete(path), path);
                model.delete(index, id);
                yield "DELETE " + path;
            }
            case 3 -> {
                expectOk(client.post("/1/indexes/" + segment(index) + "/clear", ""), "clear");
                model.clear(index);
                yield "clear " + index;
            }
            default -> {
                ObjectNode record = record(null);
                Reply added = client.post("/1/indexes/" + segment(index), record.toString());
                assertThat(added.status()).as(added.toString()).isEqualTo(201);
                record.put("objectID", added.body().get("objectID").stringValue());
                assignedIds.add(record.get("objectID").stringValue());
                model.put(index, record);
                yield "add " + record;
            }
        };
    }

    /**
     * Sends a batch of 1 to 8 random actions and applies it to the model in order.
     *
     * @param index the index of a single-index batch, or {@code null} for a multi-index one
     * @return what it sent
     */
    private String batch(String index) {
        ArrayNode requests = NODES.arrayNode();
        int size = 1 + random.nextInt(8);
        for (int i = 0; i < size; i++) {
            ObjectNode request = action();
            if (index == null) {
                request.put("indexName", pick(INDICES));
            }
            requests.add(request);
        }
        ObjectNode body = NODES.objectNode();
        body.set("requests", requests);
        String path = index == null ? "/1/indexes/*/batch" : "/1/indexes/" + segment(index) + "/batch";
        Reply reply = client.post(path, body.toString());
        expectOk(reply, body.toString());

        List<String> expectedIds = new ArrayList<>();
        Set<String> targets = new LinkedHashSet<>();
        JsonNode answeredIds = reply.body().get("objectIDs");
        for (JsonNode request : requests) {
            String target = index != null ? index : request.get("indexName").stringValue();
            targets.add(target);
            ObjectNode item = (ObjectNode) request.get("body");
            String id = item == null || !item.has("objectID")
                    ? null
                    : item.get("objectID").stringValue();
            switch (request.get("action").stringValue()) {
                case "addObject", "updateObject" -> {
                    ObjectNode record = item.deepCopy();
                    if (id == null) { // the service's ID, answered at this item's place
                        id = answeredIds.get(expectedIds.size()).stringValue();
                        assertThat(id).isNotEmpty().isNotIn(IDS);
                        assignedIds.add(id);
                        record.put("objectID", id);
                    }
                    model.put(target, record);
                }
                case "partialUpdateObject" -> model.partial(target, id, item, true);
                case "partialUpdateObjectNoCreate" -> model.partial(target, id, item, false);
                case "deleteObject" -> model.delete(target, id);
                default -> model.clear(target); // clear, and delete: no record is left either way
            }
            if (id != null) {
                expectedIds.add(id);
            }
        }
        String sent = path + " " + body;
        assertThat(answeredIds).as(sent).hasSize(expectedIds.size());
        for (int i = 0; i < expectedIds.size(); i++) {
            assertThat(answeredIds.get(i).stringValue()).as(sent).isEqualTo(expectedIds.get(i));
        }
        JsonNode taskID = reply.body().get("taskID");
        if (index == null) {
            assertThat(taskID.propertyNames()).as(sent).containsExactlyElementsOf(targets);
        } else {
            assertThat(taskID.isIntegralNumber()).as(sent).isTrue();
        }
        return sent;
    }

    private ObjectNode action() {
        ObjectNode request = NODES.objectNode();
        String id = pick(IDS);
        int kind = random.nextInt(12);
        String action = switch (kind) {
            case 0, 1 -> "addObject";
            case 2 -> "updateObject";
            case 3, 4, 5 -> "partialUpdateObject";
            case 6, 7 -> "partialUpdateObjectNoCreate";
            case 8, 9 -> "deleteObject";
            case 10 -> "clear";
            default -> "delete";
        };
        request.put("action", action);
        switch (action) {
            case "addObject" -> request.set("body", record(random.nextInt(3) == 0 ? null : id));
            case "updateObject" -> request.set("body", record(id));
            case "partialUpdateObject", "partialUpdateObjectNoCreate" -> request.set("body", partialUpdate(id));
            case "deleteObject" -> request.set("body", NODES.objectNode().put("objectID", id));
            default -> {} // an index-level action takes no body
        }
        return request;
    }

    private ObjectNode record(String id) {
        ObjectNode record = NODES.objectNode();
        if (id != null) {
            record.put("objectID", id);
        }
        for (String attribute : ATTRIBUTES) {
            if (random.nextBoolean()) {
                record.set(attribute, value());
            }
        }
        return record;
    }

    private ObjectNode partialUpdate(String id) {
        ObjectNode update = NODES.objectNode();
        update.put("objectID", id);
        for (String attribute : ATTRIBUTES) {
            if (random.nextInt(3) == 0) {
                update.set(attribute, random.nextInt(3) == 0 ? value() : operation());
            }
        }
        return update;
    }

    private JsonNode operation() {
        String name =
                pick(List.of("Increment", "Decrement", "Add", "Remove", "AddUnique", "IncrementFrom", "IncrementSet"));
        JsonNode value = switch (name) {
            case "Increment", "Decrement" -> number();
            case "IncrementFrom", "IncrementSet" -> NODES.numberNode(random.nextInt(4) - 1);
            default -> random.nextBoolean() ? scalar() : scalars();
        };
        ObjectNode operation = NODES.objectNode();
        operation.put("_operation", name);
        operation.set("value", value);
        return operation;
    }

    /** A value of any type, numbers at their edges and arrays holding nested values among them. */
    private JsonNode value() {
        return switch (random.nextInt(8)) {
            case 0, 1 -> number();
            case 2 -> scalars();
            case 3 -> NODES.arrayNode().add(scalar()).add(NODES.objectNode().put("x", 1));
            case 4 -> NODES.objectNode().set("x", number());
            case 5 -> NODES.nullNode();
            case 6 -> NODES.booleanNode(random.nextBoolean());
            default -> scalar();
        };
    }

    private JsonNode number() {
        return switch (random.nextInt(12)) {
            case 0 -> NODES.numberNode(1L << 53);
            case 1 -> NODES.numberNode((1L << 53) + 1);
            case 2 -> NODES.numberNode(Long.MAX_VALUE);
            case 3 -> NODES.numberNode(Long.MIN_VALUE);
            case 4 -> NODES.numberNode(BigInteger.TWO.pow(70).negate());
            case 5 -> NODES.numberNode(-0.0);
            case 6 -> NODES.numberNode(0.1);
            case 7 -> NODES.numberNode(1e308);
            case 8 -> NODES.numberNode(2.0);
            default -> NODES.numberNode(random.nextInt(5) - 2);
        };
    }

    private JsonNode scalar() {
        return switch (random.nextInt(3)) {
            case 0 -> NODES.numberNode(random.nextInt(3));
            case 1 -> NODES.numberNode(random.nextInt(3) * 1.0); // the same numbers, read as floats
            default -> NODES.stringNode(pick(List.of("red", "", "2", "é")));
        };
    }

    private JsonNode scalars() {
        ArrayNode array = NODES.arrayNode();
        for (int i = random.nextInt(4); i > 0; i--) {
            array.add(scalar());
        }
        return array;
    }

    /** Reads every record of both indices, by the objectIDs ever written, and counts each index's records. */
    private void compareEveryRecord(String what) {
        List<String> ids = new ArrayList<>(IDS);
        ids.addAll(assignedIds);
        ArrayNode requests = NODES.arrayNode();
        for (String index : INDICES) {
            for (String id : ids) {
                requests.addObject().put("indexName", index).put("objectID", id);
            }
        }
        Reply read = client.post(
                "/1/indexes/*/objects",
                NODES.objectNode().set("requests", requests).toString());
        expectOk(read, what);
        int at = 0;
        for (String index : INDICES) {
            for (String id : ids) {
                ObjectNode expected = model.records(index).get(id);
                JsonNode actual = read.body().get("results").get(at++);
                assertThat(actual)
                        .as(what + "\nrecord " + id + " of " + index)
                        .isEqualTo(expected == null ? NODES.nullNode() : TestClient.json(expected.toString()));
            }
            Reply browsed = client.post("/1/indexes/" + segment(index) + "/browse", "{}");
            int count =
                    browsed.status() == 404 ? 0 : browsed.body().get("nbHits").intValue();
            assertThat(count)
                    .as(what + "\nrecords in " + index)
                    .isEqualTo(model.records(index).size());
        }
    }

    private static void expectOk(Reply reply, String sent) {
        assertThat(reply.status())
                .as("seed " + SEED + ": " + sent + " -> " + reply)
                .isEqualTo(200);
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
