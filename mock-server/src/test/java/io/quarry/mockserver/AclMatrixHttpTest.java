package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ACL x endpoint matrix: a key holding one right may call exactly the endpoints of that right (seed 000 §4,
 * §5.3); key management and cluster mapping need the admin key; task status takes any key.
 */
class AclMatrixHttpTest {

    private static final String SEED = jq("{'indices':{'acl':{"
            + "'settings':{'attributesForFaceting':['searchable(brand)']},"
            + "'synonyms':[{'objectID':'s1','type':'synonym','synonyms':['a','b']}],"
            + "'rules':[{'objectID':'rule1','conditions':[{'pattern':'x','anchoring':'is'}],"
            + "'consequence':{'params':{'hitsPerPage':1}}}],"
            + "'records':[{'objectID':'r1','title':'hello','brand':'x'}]}}}");
    private static final String RULE = jq("{'conditions':[{'pattern':'y','anchoring':'is'}],'consequence':{}}");

    /** One endpoint call and the right it needs ({@code any}: any key; {@code admin}: the admin key). */
    private record Call(String right, String method, String path, String body) {}

    private static final List<Call> CALLS = List.of(
            new Call("search", "POST", "/1/indexes/acl/query", "{}"),
            new Call("search", "GET", "/1/indexes/acl?query=hello", null),
            new Call("search", "POST", "/1/indexes/*/queries", jq("{'requests':[{'indexName':'acl'}]}")),
            new Call("search", "POST", "/1/indexes/acl/facets/brand/query", "{}"),
            new Call(
                    "search", "POST", "/1/indexes/*/objects", jq("{'requests':[{'indexName':'acl','objectID':'r1'}]}")),
            new Call("search", "GET", "/1/indexes/acl/r1", null),
            new Call("browse", "POST", "/1/indexes/acl/browse", "{}"),
            new Call("browse", "GET", "/1/indexes/acl/browse", null),
            new Call("addObject", "POST", "/1/indexes/acl", jq("{'title':'new'}")),
            new Call("addObject", "PUT", "/1/indexes/acl/r2", jq("{'title':'new'}")),
            new Call("addObject", "POST", "/1/indexes/acl/r1/partial", jq("{'title':'new'}")),
            new Call("addObject", "POST", "/1/indexes/acl/operation", jq("{'operation':'copy','destination':'c'}")),
            new Call("deleteObject", "DELETE", "/1/indexes/acl/r1", null),
            new Call("deleteIndex", "POST", "/1/indexes/acl/deleteByQuery", jq("{'params':'filters=brand:x'}")),
            new Call("deleteIndex", "POST", "/1/indexes/acl/clear", null),
            new Call("deleteIndex", "DELETE", "/1/indexes/acl", null),
            new Call("settings", "GET", "/1/indexes/acl/settings", null),
            new Call("settings", "GET", "/1/indexes/acl/synonyms/s1", null),
            new Call("settings", "POST", "/1/indexes/acl/synonyms/search", "{}"),
            new Call("settings", "GET", "/1/indexes/acl/rules/rule1", null),
            new Call("settings", "POST", "/1/indexes/acl/rules/search", "{}"),
            new Call("settings", "GET", "/1/dictionaries/stopwords/search?query=a", null),
            new Call("settings", "POST", "/1/dictionaries/stopwords/search", jq("{'query':'a'}")),
            new Call("settings", "GET", "/1/dictionaries/*/settings", null),
            new Call("settings", "GET", "/1/dictionaries/*/languages", null),
            new Call("editSettings", "PUT", "/1/indexes/acl/settings", jq("{'hitsPerPage':5}")),
            new Call(
                    "editSettings", "PUT", "/1/indexes/acl/synonyms/s2", jq("{'type':'synonym','synonyms':['c','d']}")),
            new Call("editSettings", "POST", "/1/indexes/acl/synonyms/batch", "[]"),
            new Call("editSettings", "DELETE", "/1/indexes/acl/synonyms/s1", null),
            new Call("editSettings", "POST", "/1/indexes/acl/synonyms/clear", null),
            new Call("editSettings", "PUT", "/1/indexes/acl/rules/rule2", RULE),
            new Call("editSettings", "POST", "/1/indexes/acl/rules/batch", "[]"),
            new Call("editSettings", "DELETE", "/1/indexes/acl/rules/rule1", null),
            new Call("editSettings", "POST", "/1/indexes/acl/rules/clear", null),
            new Call("editSettings", "POST", "/1/dictionaries/stopwords/batch", jq("{'requests':[]}")),
            new Call(
                    "editSettings",
                    "PUT",
                    "/1/dictionaries/*/settings",
                    jq("{'disableStandardEntries':{'stopwords':{'en':true}}}")),
            new Call("listIndexes", "GET", "/1/indexes", null),
            new Call("logs", "GET", "/1/logs", null),
            new Call("any", "GET", "/1/task/4294967296", null),
            new Call("any", "GET", "/1/indexes/acl/task/4294967296", null),
            new Call("admin", "POST", "/1/keys", "{}"),
            new Call("admin", "PUT", "/1/keys/k", "{}"),
            new Call("admin", "GET", "/1/keys", null),
            new Call("admin", "GET", "/1/keys/k", null),
            new Call("admin", "DELETE", "/1/keys/k", null),
            new Call("admin", "POST", "/1/keys/k/restore", null),
            new Call("admin", "POST", "/1/indexes/acl/keys", "{}"),
            new Call("admin", "PUT", "/1/indexes/acl/keys/k", "{}"),
            new Call("admin", "GET", "/1/indexes/acl/keys", null),
            new Call("admin", "GET", "/1/indexes/*/keys", null),
            new Call("admin", "GET", "/1/indexes/acl/keys/k", null),
            new Call("admin", "DELETE", "/1/indexes/acl/keys/k", null),
            new Call("admin", "POST", "/1/clusters/mapping", jq("{'cluster':'mock-cluster-1'}")),
            new Call("admin", "POST", "/1/clusters/mapping/batch", jq("{'cluster':'mock-cluster-1','users':['u']}")),
            new Call("admin", "GET", "/1/clusters/mapping/top", null),
            new Call("admin", "GET", "/1/clusters/mapping/u", null),
            new Call("admin", "GET", "/1/clusters", null),
            new Call("admin", "GET", "/1/clusters/mapping", null),
            new Call("admin", "DELETE", "/1/clusters/mapping/u", null),
            new Call("admin", "POST", "/1/clusters/mapping/search", jq("{'query':'u'}")),
            new Call("admin", "GET", "/1/clusters/mapping/pending", null));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final MockServer server = MOCK.server();
    private final TestClient admin = new TestClient(server);

    private TestClient keyWith(String... acl) {
        StringBuilder json = new StringBuilder("{\"acl\":[");
        for (int i = 0; i < acl.length; i++) {
            json.append(i == 0 ? "" : ",").append('"').append(acl[i]).append('"');
        }
        return admin.withKey(admin.createKey(json.append("]}").toString()));
    }

    private static Reply call(TestClient client, Call call) {
        return client.send(call.method(), call.path(), call.body());
    }

    /** The rights a key may hold, each given to a key of its own. */
    private static final List<String> RIGHTS = List.of(
            "search",
            "browse",
            "addObject",
            "deleteObject",
            "deleteIndex",
            "settings",
            "editSettings",
            "listIndexes",
            "logs",
            "analytics",
            "seeUnretrievableAttributes");

    /** The answer to each call ({@link #CALLS}' order) made with the key holding each right alone. */
    private static final Map<String, List<Reply>> ANSWERS = new HashMap<>();

    /**
     * Each call is made on a freshly reset and seeded state by every key holding one right: the keys it must refuse
     * first, then the one it must let through (a refused call changes nothing, so each key meets the state as
     * seeded). One reset per call rather than one per call and right: the answers are the same, in an eleventh of
     * the resets and seeds.
     */
    @BeforeAll
    static void callEveryEndpointWithEachRight(MockServer server) {
        StringJoiner keys = new StringJoiner(",", "{\"keys\":[", "]}");
        RIGHTS.forEach(right -> keys.add(jq("{'value':'" + keyOf(right) + "','acl':['" + right + "']}")));
        String seededKeys = keys.toString();
        Map<String, TestClient> users = new HashMap<>();
        RIGHTS.forEach(right -> {
            ANSWERS.put(right, new ArrayList<>());
            users.put(right, new TestClient(server, server.applicationId(), keyOf(right)));
        });
        for (Call call : CALLS) {
            server.reset();
            server.seed(SEED);
            server.seed(seededKeys);
            Map<String, Reply> replies = new HashMap<>();
            for (String right : RIGHTS) {
                if (!mayCall(right, call)) {
                    replies.put(right, call(users.get(right), call));
                }
            }
            for (String right : RIGHTS) {
                if (mayCall(right, call)) {
                    replies.put(right, call(users.get(right), call));
                }
            }
            RIGHTS.forEach(right -> ANSWERS.get(right).add(replies.get(right)));
        }
    }

    private static String keyOf(String right) {
        return "key-with-one-right-" + right;
    }

    private static boolean mayCall(String right, Call call) {
        return call.right().equals(right) || call.right().equals("any");
    }

    @ParameterizedTest
    @MethodSource("rights")
    void eachRightAllowsExactlyItsEndpoints(String right) {
        List<String> wrong = new ArrayList<>();
        List<Reply> answers = ANSWERS.get(right);
        for (int i = 0; i < CALLS.size(); i++) {
            Call call = CALLS.get(i);
            Reply reply = answers.get(i);
            boolean expected = mayCall(right, call);
            boolean allowed = reply.status() != 403;
            if (allowed != expected) {
                wrong.add(call.method() + " " + call.path() + " -> " + reply);
            }
            if (!allowed) {
                assertThat(reply.body().get("message").stringValue()).startsWith("Method not allowed");
            }
        }
        assertThat(wrong)
                .as("endpoints whose answer does not follow the %s right", right)
                .isEmpty();
    }

    static List<String> rights() {
        return RIGHTS;
    }

    @Test
    void theAdminKeyMayCallEveryEndpoint() {
        List<String> refused = new ArrayList<>();
        for (Call call : CALLS) {
            server.reset();
            server.seed(SEED);
            Reply reply = call(admin, call);
            if (reply.status() == 403) {
                refused.add(call.method() + " " + call.path());
            }
        }
        assertThat(refused).isEmpty();
    }

    @Test
    void aBatchNeedsTheRightOfEachOfItsActions() {
        server.reset();
        server.seed(SEED);
        String add = jq("{'requests':[{'action':'addObject','body':{'title':'n'}}]}");
        String delete = jq("{'requests':[{'action':'deleteObject','body':{'objectID':'r1'}}]}");
        String clear = jq("{'requests':[{'action':'clear'}]}");
        String both = jq("{'requests':[{'action':'addObject','body':{'title':'n'}},"
                + "{'action':'deleteObject','body':{'objectID':'r1'}}]}");
        TestClient adder = keyWith("addObject");
        assertThat(adder.post("/1/indexes/acl/batch", add).status()).isEqualTo(200);
        assertThat(adder.post("/1/indexes/acl/batch", delete).status()).isEqualTo(403);
        assertThat(adder.post("/1/indexes/acl/batch", both).status()).isEqualTo(403);
        assertThat(admin.get("/1/indexes/acl/r1").status())
                .as("a refused batch applies nothing")
                .isEqualTo(200);
        TestClient deleter = keyWith("deleteObject", "addObject");
        assertThat(deleter.post("/1/indexes/acl/batch", both).status()).isEqualTo(200);
        assertThat(deleter.post("/1/indexes/acl/batch", clear).status()).isEqualTo(403);
        assertThat(keyWith("deleteIndex").post("/1/indexes/acl/batch", clear).status())
                .isEqualTo(200);
        String multi = jq("{'requests':[{'action':'addObject','indexName':'acl','body':{'t':1}}]}");
        assertThat(adder.post("/1/indexes/*/batch", multi).status()).isEqualTo(200);
        assertThat(keyWith("search").post("/1/indexes/*/batch", multi).status()).isEqualTo(403);
    }

    @Test
    void indexRestrictedKeysOnlyReachTheirIndices() {
        server.reset();
        for (String index : List.of("prod_a", "prod_b", "dev_a")) {
            admin.post("/1/indexes/" + index, jq("{'title':'hello'}"));
        }
        TestClient user =
                admin.withKey(admin.createKey(jq("{'acl':['search','listIndexes','addObject'],'indexes':['prod_*']}")));
        assertThat(user.post("/1/indexes/prod_a/query", "{}").status()).isEqualTo(200);
        Reply refused = user.post("/1/indexes/dev_a/query", "{}");
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body().get("message").stringValue()).isEqualTo("Index not allowed with this API key");
        assertThat(user.post("/1/indexes/*/queries", jq("{'requests':[{'indexName':'prod_a'},{'indexName':'prod_b'}]}"))
                        .status())
                .isEqualTo(200);
        assertThat(user.post("/1/indexes/*/queries", jq("{'requests':[{'indexName':'prod_a'},{'indexName':'dev_a'}]}"))
                        .status())
                .isEqualTo(403);
        assertThat(user.post("/1/indexes/*/objects", jq("{'requests':[{'indexName':'dev_a','objectID':'x'}]}"))
                        .status())
                .isEqualTo(403);
        assertThat(user.post(
                                "/1/indexes/*/batch",
                                jq("{'requests':[{'action':'addObject','indexName':'dev_a','body':{}}]}"))
                        .status())
                .isEqualTo(403);
        List<String> listed = new ArrayList<>();
        user.get("/1/indexes")
                .body()
                .get("items")
                .forEach(item -> listed.add(item.get("name").stringValue()));
        assertThat(listed).containsExactly("prod_a", "prod_b");
    }
}
