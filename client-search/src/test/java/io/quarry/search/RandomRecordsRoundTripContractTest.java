package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.ObjectRequest;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TestWaits;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.json.JsonMapper;

/**
 * Random records, their objectIDs holding what a path must encode, written through the client (in batches and one
 * by one) and read back every way (one by one, several at once, as search hits, browsed) come back as they were sent, as the service keeps them: every number with a fraction or an exponent
 * as a double. Their names and strings hold escapes, control characters, surrogate pairs and markup; their values
 * nest. A slip on either side of the wire (the client's writing or reading, the mock server's) shows as a record
 * that differs.
 */
@Tag("classpath-sensitive")
class RandomRecordsRoundTripContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final JsonMapper PLAIN = JsonMapper.builder().build();
    private static final int RECORDS = 200;

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    @Test
    void everyRecordComesBackAsItWasSentEveryWayItIsRead() {
        Random random = new Random(20261129);
        List<FreeFormRecord> sent = new ArrayList<>();
        for (int i = 0; i < RECORDS; i++) {
            String members = object(random, 3);
            String id = PLAIN.writeValueAsString("r" + i + idSuffix(random));
            String json = "{\"objectID\":" + id + (members.equals("{}") ? "}" : "," + members.substring(1));
            sent.add(PLAIN.readValue(json, FreeFormRecord.class));
        }
        SearchIndex index = client.index("random-records");

        // most in batches, some one by one: their objectIDs then go in the path
        index.saveObjects(sent.subList(0, RECORDS - 20), BatchOptions.of().waitingForTasks());
        for (FreeFormRecord record : sent.subList(RECORDS - 20, RECORDS)) {
            index.waitForTask(
                    index.saveObject(record.objectID().orElseThrow(), record).taskID(), TestWaits.FAST);
        }

        List<ObjectRequest> all = new ArrayList<>();
        for (FreeFormRecord record : sent) {
            String id = record.objectID().orElseThrow();
            assertThat(asKept(index.getObject(id, FreeFormRecord.class))).as(id).isEqualTo(asKept(record));
            all.add(ObjectRequest.of("random-records", id));
        }
        List<FreeFormRecord> fetched = client.getObjects(all, FreeFormRecord.class);
        for (int i = 0; i < RECORDS; i++) {
            assertThat(asKept(fetched.get(i))).as("getObjects " + i).isEqualTo(asKept(sent.get(i)));
        }
        Map<String, Object> byID = new LinkedHashMap<>();
        sent.forEach(record -> byID.put(record.objectID().orElseThrow(), asKept(record)));
        var found = index.search(SearchQuery.of("").hitsPerPage(1000), FreeFormRecord.class);
        assertThat(found.hits()).hasSize(RECORDS);
        for (var hit : found.hits()) {
            String id = hit.objectID().orElseThrow();
            assertThat(asKept(storedOf(hit.record()))).as("hit " + id).isEqualTo(byID.get(id));
        }
        List<FreeFormRecord> browsed = new ArrayList<>();
        index.browseObjects(FreeFormRecord.class).forEach(browsed::add);
        assertThat(browsed).hasSize(RECORDS);
        for (FreeFormRecord record : browsed) {
            String id = record.objectID().orElseThrow();
            assertThat(asKept(storedOf(record))).as("browsed " + id).isEqualTo(byID.get(id));
        }
    }

    @Test
    void aNumberBeyondADoublesRangeIsRefusedRatherThanKeptAsAnotherValue() {
        SearchIndex index = client.index("random-records-out-of-range");
        FreeFormRecord huge = PLAIN.readValue("{\"objectID\":\"h\",\"weight\":1e400}", FreeFormRecord.class);

        assertThatThrownBy(() -> index.saveObject("h", huge)).isInstanceOf(BadRequestException.class);
    }

    /** The record's stored attributes: what a hit or a browsed record adds (names starting with {@code _}) left out. */
    private static FreeFormRecord storedOf(FreeFormRecord record) {
        FreeFormRecord.Builder stored = FreeFormRecord.builder();
        record.attributes().forEach((name, value) -> {
            if (!EnrichedRecord.isGeneratedMember(name)) {
                stored.put(name, value);
            }
        });
        return stored.build();
    }

    /** A value as the service keeps it: decimals as doubles, everything else as it is. */
    private static Object asKept(Object value) {
        if (value instanceof FreeFormRecord record) {
            Map<String, Object> kept = new LinkedHashMap<>();
            record.attributes().forEach((name, v) -> kept.put(name, asKept(v)));
            return kept;
        }
        if (value instanceof List<?> list) {
            return list.stream().map(RandomRecordsRoundTripContractTest::asKept).toList();
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.doubleValue();
        }
        return value;
    }

    private static String object(Random random, int depth) {
        Map<String, String> members = new LinkedHashMap<>();
        for (int i = random.nextInt(5); i >= 0; i--) {
            String name = string(random);
            if (!name.startsWith("\"_")) { // what a hit adds starts with _: a record of the caller's does not
                members.put(name, value(random, depth));
            }
        }
        List<String> text = new ArrayList<>();
        members.forEach((name, value) -> text.add(name + ":" + value));
        return "{" + String.join(",", text) + "}";
    }

    private static String value(Random random, int depth) {
        return switch (random.nextInt(depth > 0 ? 7 : 5)) {
            case 0 -> string(random);
            case 1 -> NUMBERS[random.nextInt(NUMBERS.length)];
            case 2 -> Integer.toString(random.nextInt());
            case 3 -> new String[] {"true", "false", "null"}[random.nextInt(3)];
            case 4 -> "\"\"";
            case 5 -> {
                List<String> items = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    items.add(value(random, depth - 1));
                }
                yield "[" + String.join(",", items) + "]";
            }
            default -> object(random, depth - 1);
        };
    }

    private static final String[] NUMBERS = {
        "0",
        "-0",
        "1.10",
        "-2.5e3",
        "12345678901234567890",
        "0.1",
        "1e-7",
        "3.0",
        "9007199254740993",
        "-9223372036854775808",
        "1.0000000000000000001",
        "1.5e-400",
        "4.9e-324",
        "1.7976931348623157e308"
    };

    private static final String[] ID_PARTS = {
        "/",
        "?",
        "#",
        "%",
        "%2F",
        " ",
        "+",
        "&",
        "=",
        ";",
        ".",
        "..",
        "\\",
        "\"",
        "\u00e9",
        "\u65e5",
        "\ud83d\ude00",
        "~",
        "*"
    };

    /** Characters an objectID may hold that a path or a query must encode. */
    private static String idSuffix(Random random) {
        StringBuilder suffix = new StringBuilder();
        for (int i = random.nextInt(4); i > 0; i--) {
            suffix.append(ID_PARTS[random.nextInt(ID_PARTS.length)]);
        }
        return suffix.toString();
    }

    private static final String[] STRING_PARTS = {
        "a",
        "\\\"",
        "\\\\",
        "\\n",
        "\\u0000",
        "\\u001f",
        "\u00e9",
        "\u20ac",
        "\ud83d\ude00",
        "\\ud83d\\ude00",
        "/",
        "\\/",
        " ",
        "<em>",
        "\\u2028",
        "\u0600",
        "_x",
        "%2F",
        "\\t"
    };

    private static String string(Random random) {
        StringBuilder text = new StringBuilder("\"");
        for (int i = random.nextInt(6); i > 0; i--) {
            text.append(STRING_PARTS[random.nextInt(STRING_PARTS.length)]);
        }
        return text.append('"').toString();
    }
}
