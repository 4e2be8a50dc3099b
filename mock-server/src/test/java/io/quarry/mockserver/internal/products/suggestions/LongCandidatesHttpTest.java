package io.quarry.mockserver.internal.products.suggestions;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Candidates longer than a search takes, from external records or long facet values: left out with one short log
 * line, so neither the candidates nor the log grow with what the records hold.
 */
class LongCandidatesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    private List<JsonNode> log(String index) throws Exception {
        String lines = client.http()
                .send(client.request("GET", "/1/logs/" + index, null).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        return lines.lines().map(TestClient::json).toList();
    }

    @Test
    // a hang guard: the log's lines and levels are the checks (each long candidate was searched and quoted whole)
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void externalQueriesLongerThanASearchTakesAreSkippedWithAShortLine() throws Exception {
        StringJoiner records = new StringJoiner(",");
        for (int i = 0; i < 50; i++) {
            records.add("{'objectID':'" + i + "','query':'" + "q".repeat(20_000) + i + "','count':3}");
        }
        records.add("{'objectID':'short','query':'running shoes','count':3}");
        MOCK.server()
                .seed(jq("{'indices':{'products':{'records':[{'objectID':'p','name':'shoes'}]},"
                        + "'popular':{'records':[" + records + "]}}}"));

        client.post(
                        "/1/configs",
                        jq("{'indexName':'sugg','sourceIndices':[{'indexName':'products',"
                                + "'external':['popular']}]}"))
                .requireOk();

        List<JsonNode> log = log("sugg");
        assertThat(log)
                .allSatisfy(line -> assertThat(line.get("message").asString().length())
                        .isLessThanOrEqualTo(BuildLog.MAX_MESSAGE_CHARS + 1));
        assertThat(log)
                .noneSatisfy(line -> assertThat(line.get("level").asString()).isEqualTo("ERROR"));
        assertThat(log)
                .anySatisfy(line -> assertThat(line.get("message").asString())
                        .isEqualTo("A record of external index popular has a query longer than 512 characters"));
        assertThat(client.post("/1/indexes/sugg/query", jq("{'query':''}"))
                        .requireOk()
                        .hitIds())
                .containsExactly("running shoes");
    }

    @Test
    void generatedCombinationsLongerThanASearchTakesAreSkipped() throws Exception {
        StringJoiner records = new StringJoiner(",");
        for (int i = 0; i < 3; i++) {
            records.add("{'objectID':'" + i + "','a':'" + "x".repeat(300) + i + "','b':'" + "y".repeat(300) + i
                    + "','c':'short" + i + "'}");
        }
        MOCK.server()
                .seed(jq("{'indices':{'products':{'settings':{'attributesForFaceting':['a','b','c']}," + "'records':["
                        + records + "]}}}"));

        client.post(
                        "/1/configs",
                        jq("{'indexName':'sugg','sourceIndices':[{'indexName':'products',"
                                + "'generate':[['a','b'],['c']]}]}"))
                .requireOk();

        List<JsonNode> log = log("sugg");
        assertThat(log)
                .noneSatisfy(line -> assertThat(line.get("level").asString()).isEqualTo("ERROR"));
        assertThat(log)
                .anySatisfy(line -> assertThat(line.get("message").asString())
                        .isEqualTo("9 combinations of a, b are longer than 512 characters"));
        assertThat(client.post("/1/indexes/sugg/query", jq("{'query':''}"))
                        .requireOk()
                        .hitIds())
                .containsExactlyInAnyOrder("short0", "short1", "short2");
    }
}
