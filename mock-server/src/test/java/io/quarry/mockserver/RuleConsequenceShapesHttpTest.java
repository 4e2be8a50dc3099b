package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Rule parts that would do nothing, or something else than written, are refused when saved; positions at the edge
 * of an int keep their order.
 */
class RuleConsequenceShapesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        server.seed(jq("{'indices':{'shop':{'settings':{'customRanking':['desc(rank)']},'records':["
                + "{'objectID':'o1','name':'red phone','rank':3},{'objectID':'o2','name':'blue phone','rank':2},"
                + "{'objectID':'o3','name':'phone case','rank':1}]}}}"));
    }

    private Reply save(String consequence) {
        return client.put(
                "/1/indexes/shop/rules/r",
                jq("{'conditions':[{'pattern':'phone','anchoring':'contains'}],'consequence':" + consequence + "}"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{'promote':[{'objectID':'o1','position':-1}]}",
                "{'promote':[{'objectIDs':[],'position':0}]}",
                "{'promote':[{'objectIDs':['o1',7],'position':0}]}",
                "{'promote':[{'objectIDs':['o1',null],'position':0}]}",
                "{'promote':[{'objectID':'','position':0}]}",
                "{'promote':[{'objectID':'o1','objectIDs':['o2'],'position':0}]}",
                "{'promote':[{'objectID':'o1','position':0,'at':1}]}",
                "{'hide':[{'objectID':''}]}",
                "{'hide':[{'objectID':'o1','reason':'x'}]}",
                "{'params':{'query':{'remove':'phone'}}}",
                "{'params':{'query':{'remove':[1]}}}",
                "{'params':{'query':{'edits':'phone'}}}",
                "{'params':{'query':{'edits':[{'type':'replace','delete':'phone'}]}}}",
                "{'params':{'query':{'edits':[{'type':'swap','delete':'phone','insert':'case'}]}}}",
                "{'params':{'query':{'edits':[{'type':'remove','delete':'phone','insert':'case'}]}}}",
                "{'params':{'query':{'replace':['phone']}}}"
            })
    void aConsequenceThatWouldDoNothingOrOtherwiseIsRefused(String consequence) {
        Reply reply = save(consequence);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.body().path("message").asString()).startsWith("Invalid rule: ");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{'context':''}",
                "{'context':'a,b'}",
                "{'context':'a b'}",
                "{'context':'caf\\u00e9'}",
                "{'context':'\\u0000'}",
                "{'pattern':'phone','anchoring':'contains','alternatives':'yes'}"
            })
    void aConditionWithAnOddContextOrAlternativesIsRefused(String condition) {
        Reply reply = client.put(
                "/1/indexes/shop/rules/r", jq("{'conditions':[" + condition + "],'consequence':{'userData':1}}"));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
    }

    @Test
    @Timeout(60) // a hang guard: RuleContextReadsTest counts the characters read
    void aLongContextIsReadInOnePass() {
        String context = "a".repeat(200_000);
        Reply refused = client.put(
                "/1/indexes/shop/rules/r",
                jq("{'conditions':[{'context':'" + context + " '}],'consequence':{'userData':1}}"));
        assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
        Reply saved = client.put(
                "/1/indexes/shop/rules/r",
                jq("{'conditions':[{'context':'" + context + "'}],'consequence':{'userData':1}}"));
        assertThat(saved.status()).as(saved.toString()).isEqualTo(200);
    }

    @Test
    void contextsOfLettersDigitsUnderscoresAndHyphensApply() {
        Reply saved = client.put(
                "/1/indexes/shop/rules/r",
                jq("{'conditions':[{'context':'Mobile_2-x'}],'consequence':{'hide':[{'objectID':'o1'}]}}"));
        assertThat(saved.status()).as(saved.toString()).isEqualTo(200);
        assertThat(client.get("/1/indexes/shop?query=phone&ruleContexts=Mobile_2-x")
                        .hitIds())
                .containsExactly("o2", "o3");
    }

    @Test
    void promotionsAtTheEndOfAnIntFollowTheHitsInOrder() {
        Reply saved = save("{'promote':[{'objectIDs':['o1','o2'],'position':2147483647},"
                + "{'objectID':'o3','position':99999999999999999999}]}");
        assertThat(saved.status()).as(saved.toString()).isEqualTo(200);
        assertThat(client.post("/1/indexes/shop/query", "{\"query\":\"phone\"}").hitIds())
                .containsExactly("o1", "o2", "o3");
    }

    @Test
    void editsThatRemoveEveryWordLeaveAnEmptyQuery() {
        Reply saved = save("{'params':{'query':{'remove':['blue'],'edits':[{'type':'remove','delete':'phone'}]}}}");
        assertThat(saved.status()).as(saved.toString()).isEqualTo(200);
        Reply search = client.post("/1/indexes/shop/query", "{\"query\":\"blue phone\"}")
                .requireOk();
        assertThat(search.hitIds()).containsExactly("o1", "o2", "o3");
        assertThat(search.body().path("parsed_query").asString()).isEmpty();
    }
}
