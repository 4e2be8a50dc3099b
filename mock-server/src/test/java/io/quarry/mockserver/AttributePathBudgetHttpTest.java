package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A record is indexed under the dotted path of each of its values, so a long name above many values costs far more
 * than the record weighs: past 10 million characters of paths the record is refused with a 400, and nothing of its
 * write applies; so is a record nested deeper than 400 levels, which no answer could hold.
 */
class AttributePathBudgetHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());

    /** A 50,000-character name above 16,000 values: a 0.9 MB body whose paths add up to 800 million characters. */
    private static String longNameAboveManyValues() {
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 16_000; i++) {
            values.append(i == 0 ? "" : ",")
                    .append("\"c")
                    .append(i)
                    .append("\":")
                    .append(i);
        }
        return "{\"" + "k".repeat(50_000) + "\":{" + values + "}}";
    }

    @Test
    @Timeout(120) // a hang guard: the 400 is the check (without the budget the record was kept: 2 s, 1.3 GB)
    void aRecordWhosePathsAddUpTooFarIsRefusedAndNothingOfItsWriteApplies() {
        String heavy = longNameAboveManyValues();
        Reply put = admin.put("/1/indexes/paths/r1", heavy);
        assertThat(put.status()).as(put.toString()).isEqualTo(400);
        assertThat(put.body().get("message").asString()).contains("dotted paths of its attributes");

        Reply batch = admin.post(
                "/1/indexes/paths/batch",
                "{\"requests\":[{\"action\":\"addObject\",\"body\":{\"objectID\":\"ok\",\"a\":1}},"
                        + "{\"action\":\"addObject\",\"body\":" + heavy + "}]}");
        assertThat(batch.status()).as(batch.toString()).isEqualTo(400);
        assertThat(admin.get("/1/indexes/paths/ok").status())
                .as("the batch applied nothing")
                .isEqualTo(404);

        assertThat(admin.put("/1/indexes/paths/r2", jq("{'a':1}")).status()).isEqualTo(200);
        Reply partial = admin.post("/1/indexes/paths/r2/partial", heavy);
        assertThat(partial.status()).as(partial.toString()).isEqualTo(400);
        assertThat(admin.get("/1/indexes/paths/r2").body().toString()).isEqualTo(jq("{'a':1,'objectID':'r2'}"));
    }

    @Test
    void aRecordNestedDeeperThanItsAnswersMayBeIsRefusedAndOneAtTheBoundIsAnswered() {
        Reply deep = admin.put("/1/indexes/nested/too-deep", nested(401));
        assertThat(deep.status()).as(deep.toString()).isEqualTo(400);
        assertThat(deep.body().get("message").asString()).contains("deeper than 400 levels");
        assertThat(admin.put("/1/indexes/nested/deepest", nested(400)).status()).isEqualTo(200);
        String multi = "{\"requests\":[{\"indexName\":\"nested\",\"params\":\"query=leaf\"}]}";
        assertThat(admin.post("/1/indexes/*/queries", multi).status())
                .as("the record, its highlights, in a multi-search")
                .isEqualTo(200);
        assertThat(admin.post("/1/indexes/nested/browse", "{}").status()).isEqualTo(200);
    }

    /** A record of that many levels: itself, then objects down to a leaf. */
    private static String nested(int levels) {
        return "{\"a\":".repeat(levels - 1) + "{\"v\":\"leaf\"}" + "}".repeat(levels - 1);
    }

    @Test
    void aBigRecordOfOrdinaryNamesIsIndexed() {
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 50_000; i++) {
            values.append(i == 0 ? "" : ",")
                    .append("{\"name\":\"item ")
                    .append(i)
                    .append("\",\"price\":")
                    .append(i);
            values.append(",\"dims\":{\"w\":1,\"h\":2}}");
        }
        Reply put = admin.put("/1/indexes/paths/big", "{\"variants\":[" + values + "]}");
        assertThat(put.status()).as(put.toString()).isEqualTo(200);
    }
}
