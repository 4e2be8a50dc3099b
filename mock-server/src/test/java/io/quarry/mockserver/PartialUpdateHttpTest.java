package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** The record state table of seed 000 §3.1 and every built-in {@code _operation}, over HTTP. */
class PartialUpdateHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed() {
        client.put("/1/indexes/idx/seed", jq("{'marker':true}"));
    }

    private Reply partial(String id, String body) {
        return client.post("/1/indexes/idx/" + id + "/partial", jq(body));
    }

    private Reply partial(String id, String query, String body) {
        return client.post("/1/indexes/idx/" + id + "/partial?" + query, jq(body));
    }

    private JsonNode record(String id) {
        Reply reply = client.get("/1/indexes/idx/" + id);
        return reply.status() == 404 ? null : reply.body();
    }

    private void put(String id, String body) {
        assertThat(client.put("/1/indexes/idx/" + id, jq(body)).status()).isEqualTo(200);
    }

    @Test
    void absentWithCreateIfNotExistsDefaultIsCreatedFromEmpty() {
        Reply reply = partial("r1", "{'a':1}");
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body().get("objectID").stringValue()).isEqualTo("r1");
        assertThat(reply.body().has("updatedAt")).isTrue();
        assertThat(record("r1")).isEqualTo(TestClient.json(jq("{'a':1,'objectID':'r1'}")));
    }

    @Test
    void absentWithCreateIfNotExistsFalseIsIgnored() {
        assertThat(partial("r1", "createIfNotExists=false", "{'a':1}").status()).isEqualTo(200);
        assertThat(record("r1")).isNull();
    }

    @Test
    void presentKeepsAttributesNotSentAndReplacesNestedAncestors() {
        put("r1", "{'a':1,'nested':{'x':1,'y':2},'keep':'me'}");
        partial("r1", "{'a':2,'nested':{'x':5}}");
        assertThat(record("r1")).isEqualTo(TestClient.json(jq("{'a':2,'nested':{'x':5},'keep':'me','objectID':'r1'}")));
    }

    @Test
    void incrementAndDecrement() {
        put("r1", "{'n':10,'f':1.5}");
        partial(
                "r1",
                "{'n':{'_operation':'Increment','value':5},'f':{'_operation':'Decrement','value':0.5},"
                        + "'missing':{'_operation':'Increment','value':3},'gone':{'_operation':'Decrement','value':2}}");
        JsonNode r = record("r1");
        assertThat(r.get("n").longValue()).isEqualTo(15);
        assertThat(r.get("f").doubleValue()).isEqualTo(1.0);
        assertThat(r.get("missing").longValue()).isEqualTo(3);
        assertThat(r.get("gone").longValue()).isEqualTo(-2);
    }

    @Test
    void addAppendsEvenDuplicates() {
        put("r1", "{'tags':['a']}");
        partial("r1", "{'tags':{'_operation':'Add','value':'a'},'nums':{'_operation':'Add','value':1}}");
        assertThat(record("r1").get("tags")).isEqualTo(TestClient.json(jq("['a','a']")));
        assertThat(record("r1").get("nums")).isEqualTo(TestClient.json("[1]"));
    }

    @Test
    void removeDropsEveryMatchingElement() {
        put("r1", "{'tags':['a','b','a',1,1.0,2]}");
        partial("r1", "{'tags':{'_operation':'Remove','value':'a'}}");
        partial("r1", "{'tags':{'_operation':'Remove','value':1}}");
        assertThat(record("r1").get("tags")).isEqualTo(TestClient.json(jq("['b',2]")));
    }

    @Test
    void addUniqueAddsOnlyWhenAbsent() {
        put("r1", "{'tags':['a']}");
        partial("r1", "{'tags':{'_operation':'AddUnique','value':'a'}}");
        partial("r1", "{'tags':{'_operation':'AddUnique','value':'b'}}");
        assertThat(record("r1").get("tags")).isEqualTo(TestClient.json(jq("['a','b']")));
    }

    @Test
    void removeAndAddUniqueAreIgnoredOnArraysHoldingNestedValues() {
        put("r1", "{'mixed':['a',{'x':1}],'deep':[['a'],'b']}");
        partial(
                "r1",
                "{'mixed':{'_operation':'Remove','value':'a'},'deep':{'_operation':'AddUnique','value':'c'},"
                        + "'other':1}");
        JsonNode r = record("r1");
        assertThat(r.get("mixed")).isEqualTo(TestClient.json(jq("['a',{'x':1}]")));
        assertThat(r.get("deep")).isEqualTo(TestClient.json(jq("[['a'],'b']")));
        assertThat(r.get("other").intValue())
                .as("the rest of the update applies")
                .isEqualTo(1);
    }

    @Test
    void incrementFromOnAbsentRecordCreatesOnlyFromZero() {
        partial("r1", "{'v':{'_operation':'IncrementFrom','value':1}}");
        assertThat(record("r1")).isNull();
        partial("r1", "{'v':{'_operation':'IncrementFrom','value':0}}");
        assertThat(record("r1").get("v").longValue()).isEqualTo(1);
    }

    @Test
    void incrementFromOnPresentRecordAppliesOnlyWhenValueEqualsCurrent() {
        put("r1", "{'v':3,'other':'before'}");
        partial("r1", "{'v':{'_operation':'IncrementFrom','value':2},'other':'after'}");
        assertThat(record("r1").get("other").stringValue())
                .as("whole update ignored")
                .isEqualTo("before");
        assertThat(record("r1").get("v").longValue()).isEqualTo(3);
        partial("r1", "{'v':{'_operation':'IncrementFrom','value':3},'other':'after'}");
        assertThat(record("r1").get("v").longValue()).isEqualTo(4);
        assertThat(record("r1").get("other").stringValue()).isEqualTo("after");
    }

    @Test
    void incrementSetOnAbsentRecordCreatesOnlyAboveZero() {
        partial("r1", "{'v':{'_operation':'IncrementSet','value':0}}");
        assertThat(record("r1")).isNull();
        partial("r1", "{'v':{'_operation':'IncrementSet','value':7}}");
        assertThat(record("r1").get("v").longValue()).isEqualTo(7);
    }

    @Test
    void incrementSetOnPresentRecordAppliesOnlyAboveCurrent() {
        put("r1", "{'v':5,'other':'before'}");
        partial("r1", "{'v':{'_operation':'IncrementSet','value':5},'other':'after'}");
        assertThat(record("r1").get("other").stringValue()).isEqualTo("before");
        partial("r1", "{'v':{'_operation':'IncrementSet','value':9},'other':'after'}");
        assertThat(record("r1").get("v").longValue()).isEqualTo(9);
        assertThat(record("r1").get("other").stringValue()).isEqualTo("after");
    }

    @Test
    void createIfNotExistsFalseWinsOverIncrementFromZero() {
        partial("r1", "createIfNotExists=false", "{'v':{'_operation':'IncrementFrom','value':0}}");
        assertThat(record("r1")).isNull();
    }

    @Test
    void unknownOperationOrBadValueIs400AndChangesNothing() {
        put("r1", "{'v':1}");
        Reply unknown = partial("r1", "{'v':{'_operation':'Multiply','value':2}}");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body().get("message").stringValue()).contains("_operation");
        assertThat(partial("r1", "{'v':{'_operation':'Increment','value':'x'}}").status())
                .isEqualTo(400);
        assertThat(partial("r1", "{'v':{'_operation':'IncrementSet','value':1.5}}")
                        .status())
                .isEqualTo(400);
        assertThat(record("r1").get("v").intValue()).isEqualTo(1);
    }
}
