package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A secured key that names its user ({@code userToken}) sends that user's events only. Events for any other user
 * were accepted, so a key handed to one user's browser could feed another user's personalization profile; such a
 * call is now refused whole with a 401, as for an index the key may not use.
 */
class InsightsSecuredUserTokenHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());

    private static Reply send(TestClient client, String... userTokens) {
        StringBuilder events = new StringBuilder();
        for (String userToken : userTokens) {
            events.append(events.isEmpty() ? "" : ",")
                    .append("{'eventType':'view','eventName':'Seen','index':'items','objectIDs':['1'],'userToken':'")
                    .append(userToken)
                    .append("'}");
        }
        return client.post("/1/events", jq("{'events':[" + events + "]}"));
    }

    @Test
    void aKeyNamingAUserSendsThatUsersEventsOnly() {
        String parent = admin.createKey(jq("{'acl':['search']}"));
        TestClient alice = admin.withKey(SecuredKeyFactory.sign(parent, "userToken=alice"));

        assertThat(send(alice, "alice", "alice").status()).isEqualTo(200);
        Reply refused = send(alice, "alice", "bob");
        assertThat(refused.status()).as(refused.toString()).isEqualTo(401);
        assertThat(refused.body().get("message").asString())
                .isEqualTo("UserToken not allowed with this API key")
                .doesNotContain(parent);
    }

    @Test
    void keysNamingNoUserSendAnyUsersEvents() {
        String parent = admin.createKey(jq("{'acl':['search']}"));
        assertThat(send(admin.withKey(parent), "alice", "bob").status()).isEqualTo(200);
        TestClient secured = admin.withKey(SecuredKeyFactory.sign(parent, "restrictIndices=items"));
        assertThat(send(secured, "alice", "bob").status()).isEqualTo(200);
    }
}
