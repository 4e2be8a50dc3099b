package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Single- and multi-index batches: every action, order, one task per index, all-or-nothing validation. */
class BatchHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    void actionsApplyInOrderUnderOneTask() {
        Reply reply = client.post(
                "/1/indexes/idx/batch",
                jq("{'requests':["
                        + "{'action':'addObject','body':{'objectID':'a','v':1}},"
                        + "{'action':'updateObject','body':{'objectID':'a','v':2}},"
                        + "{'action':'partialUpdateObject','body':{'objectID':'a','w':{'_operation':'Increment','value':1}}},"
                        + "{'action':'addObject','body':{'v':'generated'}},"
                        + "{'action':'partialUpdateObjectNoCreate','body':{'objectID':'ghost','v':1}},"
                        + "{'action':'addObject','body':{'objectID':'b'}},"
                        + "{'action':'deleteObject','body':{'objectID':'b'}}]}"));
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body().get("taskID").isIntegralNumber()).isTrue();
        assertThat(reply.body().get("objectIDs")).hasSize(7);
        assertThat(reply.body().get("objectIDs").get(0).stringValue()).isEqualTo("a");
        String generated = reply.body().get("objectIDs").get(3).stringValue();
        assertThat(generated).isNotBlank();

        assertThat(client.get("/1/indexes/idx/a").body())
                .isEqualTo(TestClient.json(jq("{'objectID':'a','v':2,'w':1}")));
        assertThat(client.get("/1/indexes/idx/" + generated).body().get("v").stringValue())
                .isEqualTo("generated");
        assertThat(client.get("/1/indexes/idx/ghost").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes/idx/b").status()).isEqualTo(404);
    }

    @Test
    void clearAndDeleteActions() {
        client.put("/1/indexes/idx/settings", jq("{'hitsPerPage':7}"));
        client.post(
                "/1/indexes/idx/batch",
                jq("{'requests':[{'action':'addObject','body':{'objectID':'old'}},"
                        + "{'action':'clear'},{'action':'addObject','body':{'objectID':'new'}}]}"));
        assertThat(client.get("/1/indexes/idx/old").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes/idx/new").status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/idx/settings")
                        .body()
                        .get("hitsPerPage")
                        .intValue())
                .as("clear keeps settings")
                .isEqualTo(7);

        client.post(
                "/1/indexes/idx/batch",
                jq("{'requests':[{'action':'delete'}," + "{'action':'addObject','body':{'objectID':'after'}}]}"));
        assertThat(client.get("/1/indexes/idx/new").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes/idx/after").status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/idx/settings")
                        .body()
                        .get("hitsPerPage")
                        .intValue())
                .as("delete drops settings")
                .isEqualTo(20);

        client.post("/1/indexes/idx/batch", jq("{'requests':[{'action':'delete'}]}"));
        assertThat(client.get("/1/indexes").body().get("items")).isEmpty();
    }

    @Test
    void anInvalidItemRefusesTheWholeBatch() {
        Reply reply = client.post(
                "/1/indexes/idx/batch",
                jq("{'requests':["
                        + "{'action':'addObject','body':{'objectID':'a'}},"
                        + "{'action':'updateObject','body':{'noId':true}}]}"));
        assertThat(reply.status()).isEqualTo(400);
        assertThat(client.get("/1/indexes/idx/a").status()).isEqualTo(404);
        assertThat(client.post("/1/indexes/idx/batch", jq("{'requests':[{'action':'explode','body':{}}]}"))
                        .status())
                .isEqualTo(400);
        assertThat(client.post("/1/indexes/idx/batch", jq("{'nothing':[]}")).status())
                .isEqualTo(400);
        assertThat(client.post(
                                "/1/indexes/idx/batch",
                                jq("{'requests':[{'action':'addObject','body':{'objectID':7}}]}"))
                        .status())
                .as("objectIDs are strings")
                .isEqualTo(400);
    }

    @Test
    void multiIndexBatchReturnsOneTaskPerIndexAndAppliesInOrder() {
        Reply reply = client.post(
                "/1/indexes/*/batch",
                jq("{'requests':["
                        + "{'action':'addObject','indexName':'one','body':{'objectID':'x','v':1}},"
                        + "{'action':'addObject','indexName':'two','body':{'objectID':'y'}},"
                        + "{'action':'partialUpdateObject','indexName':'one','body':{'objectID':'x','v':{'_operation':'Increment','value':1}}},"
                        + "{'action':'deleteObject','indexName':'two','body':{'objectID':'y'}},"
                        + "{'action':'addObject','indexName':'two','body':{'objectID':'z'}}]}"));
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body().get("taskID").propertyNames()).containsExactlyInAnyOrder("one", "two");
        long one = reply.body().get("taskID").get("one").longValue();
        long two = reply.body().get("taskID").get("two").longValue();
        assertThat(one).isNotEqualTo(two);
        assertThat(reply.body().get("objectIDs")).isEqualTo(TestClient.json(jq("['x','y','x','y','z']")));
        assertThat(client.get("/1/indexes/one/x").body().get("v").intValue()).isEqualTo(2);
        assertThat(client.get("/1/indexes/two/y").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes/two/z").status()).isEqualTo(200);
        for (long task : new long[] {one, two}) {
            assertThat(client.get("/1/indexes/one/task/" + task)
                            .body()
                            .get("status")
                            .stringValue())
                    .isEqualTo("published");
        }
    }

    @Test
    void multiIndexBatchNeedsAnIndexNamePerItem() {
        Reply reply = client.post("/1/indexes/*/batch", jq("{'requests':[{'action':'addObject','body':{}}]}"));
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.body().get("message").stringValue()).contains("indexName");
    }
}
