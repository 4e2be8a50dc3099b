package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A secured key that names its user ({@code userToken}) searches as that user, whatever user the request names.
 * The request's own userToken won, so a key handed to alice's browser searched as bob: bob's searches in analytics,
 * bob's profile personalizing the results, while the events the same key sends are refused for bob.
 */
class SecuredKeyUserTokenSearchHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());
    private TestClient alice;

    @BeforeEach
    void seed() {
        admin.post(
                        "/1/indexes/items/batch",
                        jq("{'requests':[{'action':'addObject','body':{'objectID':'1','name':'shoe'}}]}"))
                .requireOk();
        alice = admin.withKey(SecuredKeyFactory.sign(admin.createKey(jq("{'acl':['search']}")), "userToken=alice"));
    }

    @Test
    void theKeysUserTokenIsForcedOverTheRequests() {
        Reply reply = alice.post("/1/indexes/items/query", jq("{'query':'shoe','userToken':'bob'}"));

        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        assertThat(reply.body().get("params").asString())
                .contains("userToken=alice")
                .doesNotContain("bob");
        assertThat(alice.get("/1/indexes/items/1").status())
                .as("a record read, no search")
                .isEqualTo(200);
        assertThat(alice.get("/1/indexes/items?query=shoe&userToken=bob")
                        .body()
                        .get("params")
                        .asString())
                .contains("userToken=alice")
                .doesNotContain("bob");
    }

    @Test
    void analyticsCountsTheSearchesOfTheKeysUserOnly() {
        for (String claimed : new String[] {"bob", "carol", "dave"}) {
            alice.post("/1/indexes/items/query", jq("{'query':'shoe','userToken':'" + claimed + "'}"))
                    .requireOk();
        }
        alice.post("/1/indexes/items/query", jq("{'query':'shoe'}")).requireOk();

        Reply users = admin.get("/2/users/count?index=items");

        assertThat(users.body().get("count").asInt()).as(users.toString()).isEqualTo(1);
    }

    @Test
    void aKeyNamingNoUserLeavesTheRequestsUserToken() {
        TestClient anyone = admin.withKey(
                SecuredKeyFactory.sign(admin.createKey(jq("{'acl':['search']}")), "restrictIndices=items"));
        assertThat(anyone.post("/1/indexes/items/query", jq("{'userToken':'bob'}"))
                        .body()
                        .get("params")
                        .asString())
                .contains("userToken=bob");
    }
}
