package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** Built-in operations on attributes of another type than theirs, and on values they do not take. */
class PartialUpdateTypesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    /** Stores {@code {"v": before, "other": 1}}, sends {@code v}'s operation with {@code other: 2}, reads back. */
    private JsonNode afterOperation(String before, String operation, String value) {
        assertThat(client.put("/1/indexes/types/r", "{\"v\":" + before + ",\"other\":1}")
                        .status())
                .isEqualTo(200);
        Reply reply = client.post(
                "/1/indexes/types/r/partial",
                "{\"v\":{\"_operation\":\"" + operation + "\",\"value\":" + value + "},\"other\":2}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return client.get("/1/indexes/types/r").body();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "'\"abc\"' | Increment | 1",
                "[1,2]     | Increment | 1",
                "{\"a\":1} | Decrement | 1",
                "true      | Increment | 1.5",
                "5         | Add       | 6",
                "'\"red\"' | Add       | '\"blue\"'",
                "{\"a\":1} | AddUnique | 1",
                "7         | AddUnique | 7",
                "'\"x\"'   | Remove    | '\"x\"'"
            })
    void anOperationLeavesAValueOfAnotherTypeAsItIsAndTheRestApplies(String before, String operation, String value) {
        JsonNode record = afterOperation(before, operation, value);

        assertThat(record.get("v")).as("it was replaced, its value lost").isEqualTo(TestClient.json(before));
        assertThat(record.get("other").intValue()).isEqualTo(2);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "Increment | 3   | 3",
                "Decrement | 3   | -3",
                "Add       | 3   | [3]",
                "AddUnique | [3,3] | [3]",
                "Remove    | 3   | null"
            })
    void aNullAttributeCountsAsAMissingOne(String operation, String value, String after) {
        assertThat(afterOperation("null", operation, value).get("v")).isEqualTo(TestClient.json(after));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "5.5      | IncrementFrom | 5  | 5.5",
                "5.0      | IncrementFrom | 5  | 6",
                "-0.0     | IncrementFrom | 0  | 1",
                "'\"x\"'  | IncrementFrom | 0  | '\"x\"'",
                "null     | IncrementFrom | 0  | 1",
                "-4.5     | IncrementSet  | -4 | -4",
                "4.5      | IncrementSet  | 4  | 4.5",
                "[9]      | IncrementSet  | 1  | [9]"
            })
    void incrementFromAndIncrementSetCompareWithTheExactValue(
            String before, String operation, String value, String after) {
        JsonNode record = afterOperation(before, operation, value);

        assertThat(record.get("v")).isEqualTo(TestClient.json(after));
        assertThat(record.get("other").intValue())
                .as("the whole update applies, or none of it")
                .isEqualTo(record.get("v").equals(TestClient.json(before)) ? 1 : 2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\":1}", "[{\"a\":1},{\"a\":1}]", "[[1]]", "true", "[1,null]", "[\"a\",false]"})
    void arrayOperationsTakeOnlyNumbersAndStrings(String value) {
        client.put("/1/indexes/types/r", "{\"v\":[1]}");
        for (String operation : new String[] {"Add", "AddUnique", "Remove"}) {
            Reply reply = client.post(
                    "/1/indexes/types/r/partial",
                    "{\"v\":{\"_operation\":\"" + operation + "\",\"value\":" + value + "}}");

            assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
            assertThat(reply.body().get("message").stringValue())
                    .isEqualTo("The value of _operation " + operation
                            + " on attribute v must be a number, a string or an array of them");
        }
        assertThat(client.get("/1/indexes/types/r").body().get("v")).isEqualTo(TestClient.json("[1]"));
    }

    @Test
    void refusalsEchoAnAttributeNameAndAnOperationCutAt200Characters() {
        String attribute = "a".repeat(5_000) + "TAIL";
        String unknown = "{\"" + attribute + "\":{\"_operation\":\"" + "o".repeat(5_000) + "\",\"value\":1}}";
        String missing = "{\"" + attribute + "\":{\"_operation\":\"Add\"}}";
        String wrongType = "{\"" + attribute + "\":{\"_operation\":\"Increment\",\"value\":\"x\"}}";
        for (String body : new String[] {unknown, missing, wrongType}) {
            Reply reply = client.post("/1/indexes/types/r/partial", body);

            assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
            String message = reply.body().get("message").stringValue();
            assertThat(message.length()).as("the message's length").isLessThan(600);
            assertThat(message).contains("a".repeat(200) + "...").doesNotContain("TAIL");
        }
    }

    @Test
    void aBatchWithSuchAValueIsRefusedWhole() {
        Reply reply = client.post(
                "/1/indexes/types/batch",
                jq("{'requests':[{'action':'addObject','body':{'objectID':'b1'}},"
                        + "{'action':'partialUpdateObject','body':{'objectID':'b2','v':{'_operation':'Add','value':"
                        + "{'a':1}}}}]}"));

        assertThat(reply.status()).isEqualTo(400);
        assertThat(client.get("/1/indexes/types/b1").status()).isEqualTo(404);
    }
}
