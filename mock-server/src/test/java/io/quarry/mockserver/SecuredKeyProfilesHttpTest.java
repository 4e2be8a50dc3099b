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
 * A secured key that names its user reads and deletes that user's personalization profile only. Any profile was
 * open to it, so a key handed to alice read what bob looks at and could erase it, though it could send no event of
 * his; another user's profile is now a 401, as another user's events are.
 */
class SecuredKeyProfilesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());
    private TestClient alice;

    @BeforeEach
    void seed() {
        admin.post(
                        "/1/strategies/personalization",
                        jq("{'eventsScoring':[{'eventName':'Seen','eventType':'view','score':1}],"
                                + "'facetsScoring':[{'facetName':'brand','score':100}],'personalizationImpact':100}"))
                .requireOk();
        admin.post(
                        "/1/indexes/items/batch",
                        jq("{'requests':[{'action':'addObject','body':{'objectID':'1','brand':'Acme'}}]}"))
                .requireOk();
        admin.put("/1/indexes/items/settings", jq("{'attributesForFaceting':['brand']}"))
                .requireOk();
        for (String user : new String[] {"alice", "bob"}) {
            admin.post(
                            "/1/events",
                            jq("{'events':[{'eventType':'view','eventName':'Seen','index':'items',"
                                    + "'objectIDs':['1'],'userToken':'" + user + "'}]}"))
                    .requireOk();
        }
        String parent = admin.createKey(jq("{'acl':['search','recommendation']}"));
        alice = admin.withKey(SecuredKeyFactory.sign(parent, "userToken=alice"));
    }

    @Test
    void aKeyNamingAUserReadsThatUsersProfileOnly() {
        assertThat(alice.get("/1/profiles/personalization/alice").status()).isEqualTo(200);

        Reply refused = alice.get("/1/profiles/personalization/bob");

        assertThat(refused.status()).as(refused.toString()).isEqualTo(401);
        assertThat(refused.body().get("message").asString()).isEqualTo("UserToken not allowed with this API key");
        assertThat(alice.get("/1/profiles/personalization/nobody").status())
                .as("nothing said of a user the key may not read")
                .isEqualTo(401);
    }

    @Test
    void aKeyNamingAUserDeletesThatUsersProfileOnly() {
        assertThat(alice.delete("/1/profiles/bob").status()).isEqualTo(401);
        assertThat(admin.get("/1/profiles/personalization/bob").status()).isEqualTo(200);

        assertThat(alice.delete("/1/profiles/alice").status()).isEqualTo(200);
        assertThat(admin.get("/1/profiles/personalization/alice").status()).isEqualTo(404);
    }

    @Test
    void aKeyNamingNoUserReadsAnyProfile() {
        String parent = admin.createKey(jq("{'acl':['recommendation']}"));
        TestClient anyone = admin.withKey(SecuredKeyFactory.sign(parent, "restrictIndices=items"));
        assertThat(anyone.get("/1/profiles/personalization/bob").status()).isEqualTo(200);
        assertThat(admin.withKey(parent)
                        .get("/1/profiles/personalization/alice")
                        .status())
                .isEqualTo(200);
    }
}
