package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** API key endpoints (global and index-level): response members and the state table of seed 000 §3.2. */
class ApiKeysHttpTest {

    private static final String ISO_MILLIS = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z";

    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK))
            .build();

    private final TestClient admin = new TestClient(MOCK.server());

    @Test
    void createReadListUpdateDeleteRestore() {
        Reply created = admin.post(
                "/1/keys",
                jq("{'acl':['search','browse'],'description':'front',"
                        + "'maxHitsPerQuery':5,'indexes':['prod_*'],'referers':['*.example.com/*']}"));
        assertThat(created.status()).isEqualTo(200);
        String key = created.body().get("key").stringValue();
        assertThat(key).matches("[0-9a-f]{32}");
        assertThat(created.body().get("createdAt").stringValue()).matches(ISO_MILLIS);

        JsonAssert read = new JsonAssert(admin.get("/1/keys/" + key));
        read.is("value", key).isLong("createdAt", CLOCK.millis() / 1000).is("description", "front");
        assertThat(read.body.get("acl")).isEqualTo(TestClient.json("[\"search\",\"browse\"]"));
        assertThat(read.body.get("validity").asLong()).isZero();
        assertThat(read.body.get("maxHitsPerQuery").asInt()).isEqualTo(5);
        assertThat(read.body.get("indexes")).isEqualTo(TestClient.json("[\"prod_*\"]"));

        Reply list = admin.get("/1/keys");
        assertThat(list.body().get("keys")).hasSize(1);
        assertThat(list.body().get("keys").get(0).get("value").stringValue()).isEqualTo(key);
        assertThat(list.body().get("keys").get(0).get("createdAt").isIntegralNumber())
                .isTrue();

        Reply updated = admin.put("/1/keys/" + key, jq("{'acl':['search']}"));
        assertThat(updated.body().get("key").stringValue()).isEqualTo(key);
        assertThat(updated.body().get("updatedAt").stringValue()).matches(ISO_MILLIS);
        assertThat(admin.get("/1/keys/" + key).body().get("acl")).isEqualTo(TestClient.json("[\"search\"]"));
        assertThat(admin.get("/1/keys/" + key).body().get("description").stringValue())
                .as("an update replaces every parameter")
                .isEmpty();

        Reply deleted = admin.delete("/1/keys/" + key);
        assertThat(deleted.body().get("deletedAt").stringValue()).matches(ISO_MILLIS);
        assertThat(admin.get("/1/keys/" + key).status()).isEqualTo(404);
        assertThat(admin.put("/1/keys/" + key, "{}").status()).isEqualTo(404);

        Reply restored = admin.post("/1/keys/" + key + "/restore", null);
        assertThat(restored.status()).isEqualTo(200);
        assertThat(restored.body().get("key").stringValue()).isEqualTo(key);
        assertThat(restored.body().get("createdAt").stringValue()).matches(ISO_MILLIS);
        assertThat(admin.get("/1/keys/" + key).body().get("acl")).isEqualTo(TestClient.json("[\"search\"]"));
        assertThat(admin.withKey(key).post("/1/indexes/any/query", "{}").status())
                .as("rights restored")
                .isIn(200, 404);
    }

    @Test
    void restoreOnlyFromTheDeletedList() {
        String key = admin.createKey(jq("{'acl':['search']}"));
        assertThat(admin.post("/1/keys/" + key + "/restore", null).status())
                .as("active key")
                .isEqualTo(404);
        assertThat(admin.post("/1/keys/0123456789abcdef0123456789abcdef/restore", null)
                        .status())
                .isEqualTo(404);
        admin.delete("/1/keys/" + key);
        assertThat(admin.post("/1/keys/" + key + "/restore", null).status()).isEqualTo(200);
        assertThat(admin.post("/1/keys/" + key + "/restore", null).status())
                .as("restored once")
                .isEqualTo(404);
    }

    @Test
    void invalidParametersAre400() {
        assertThat(admin.post("/1/keys", jq("{'acl':['fly']}")).status()).isEqualTo(400);
        assertThat(admin.post("/1/keys", jq("{'acl':'search'}")).status()).isEqualTo(400);
        assertThat(admin.post("/1/keys", jq("{'validity':-1}")).status()).isEqualTo(400);
        assertThat(admin.post("/1/keys", "{not json").status()).isEqualTo(400);
        assertThat(admin.post("/1/keys", jq("{'queryParameters':'filters=%zz'}"))
                        .status())
                .isEqualTo(400);
    }

    @Test
    void validityRemovesTheKeyOnTheClock() {
        String key = admin.createKey(jq("{'acl':['search'],'validity':60}"));
        TestClient user = admin.withKey(key);
        admin.post("/1/indexes/items", jq("{'name':'a'}"));
        assertThat(user.post("/1/indexes/items/query", "{}").status()).isEqualTo(200);
        assertThat(admin.get("/1/keys/" + key).body().get("validity").asLong()).isEqualTo(60);
        CLOCK.advance(Duration.ofSeconds(59));
        assertThat(user.post("/1/indexes/items/query", "{}").status()).isEqualTo(200);
        assertThat(admin.get("/1/keys/" + key).body().get("validity").asLong()).isEqualTo(1);
        CLOCK.advance(Duration.ofSeconds(1));
        assertThat(user.post("/1/indexes/items/query", "{}").status()).isEqualTo(403);
        assertThat(admin.get("/1/keys/" + key).status()).isEqualTo(404);
        assertThat(admin.get("/1/keys").body().get("keys")).isEmpty();
        assertThat(admin.post("/1/keys/" + key + "/restore", null).status())
                .as("removed, not deleted")
                .isEqualTo(404);
    }

    /** Past what epoch milliseconds hold, the expiry stays in the future: it wrapped round and read back as 1. */
    @Test
    void theLargestValidityReadsBackAsTheSecondsLeft() {
        long largest = Long.MAX_VALUE / 1000;
        String key = admin.createKey(jq("{'acl':['search'],'validity':" + largest + "}"));
        long left = admin.get("/1/keys/" + key).body().get("validity").asLong();
        // the expiry is the last epoch millisecond, which is no whole second: the seconds left round up
        assertThat(left).isEqualTo((Long.MAX_VALUE - CLOCK.millis()) / 1000 + 1);
        admin.post("/1/indexes/items", jq("{'name':'a'}"));
        CLOCK.advance(Duration.ofDays(365));
        assertThat(admin.withKey(key).post("/1/indexes/items/query", "{}").status())
                .isEqualTo(200);
        assertThat(admin.get("/1/keys/" + key).body().get("validity").asLong())
                .isEqualTo(left - Duration.ofDays(365).toSeconds());
        assertThat(admin.post("/1/keys", jq("{'validity':" + (largest + 1) + "}"))
                        .status())
                .isEqualTo(400);
    }

    @Test
    void indexLevelKeys() {
        admin.post("/1/indexes/movies", jq("{'title':'Heat'}"));
        Reply created = admin.post("/1/indexes/movies/keys", jq("{'acl':['search'],'description':'m'}"));
        assertThat(created.status()).isEqualTo(200);
        String key = created.body().get("key").stringValue();
        assertThat(created.body().get("createdAt").stringValue()).matches(ISO_MILLIS);

        Reply one = admin.get("/1/indexes/movies/keys/" + key);
        assertThat(one.body().get("value").stringValue()).isEqualTo(key);
        assertThat(one.body().get("acl")).isEqualTo(TestClient.json("[\"search\"]"));
        assertThat(one.body().get("description").stringValue()).isEqualTo("m");
        assertThat(one.body().has("validity")).isTrue();
        assertThat(admin.get("/1/indexes/movies/keys").body().get("keys")).hasSize(1);
        assertThat(admin.get("/1/indexes/nope/keys").status())
                .as("index does not exist")
                .isEqualTo(404);
        Reply all = admin.get("/1/indexes/*/keys");
        assertThat(all.body().get("keys").get(0).get("index").stringValue()).isEqualTo("movies");
        assertThat(admin.get("/1/keys").body().get("keys").get(0).get("indexes"))
                .isEqualTo(TestClient.json("[\"movies\"]"));

        TestClient user = admin.withKey(key);
        assertThat(user.post("/1/indexes/movies/query", "{}").status()).isEqualTo(200);
        admin.post("/1/indexes/other", jq("{'title':'x'}"));
        assertThat(user.post("/1/indexes/other/query", "{}").status()).isEqualTo(403);

        Reply update = admin.put("/1/indexes/movies/keys/" + key, jq("{'acl':['browse']}"));
        assertThat(update.body().get("updatedAt").stringValue()).matches(ISO_MILLIS);
        assertThat(admin.get("/1/indexes/movies/keys/" + key).body().get("acl"))
                .isEqualTo(TestClient.json("[\"browse\"]"));
        Reply absent = admin.put("/1/indexes/movies/keys/ffffffffffffffffffffffffffffffff", jq("{'acl':[]}"));
        assertThat(absent.status()).as("PUT on an index key always succeeds").isEqualTo(200);
        assertThat(absent.body().has("updatedAt")).isTrue();
        assertThat(admin.get("/1/indexes/movies/keys/ffffffffffffffffffffffffffffffff")
                        .status())
                .isEqualTo(404);
        assertThat(admin.get("/1/indexes/other/keys/" + key).status())
                .as("another index's key")
                .isEqualTo(404);

        assertThat(admin.post("/1/indexes/movies/clear", null).status()).isEqualTo(200);
        assertThat(admin.get("/1/indexes/movies/keys/" + key).status())
                .as("clear keeps index keys")
                .isEqualTo(200);
        Reply deleted = admin.delete("/1/indexes/movies/keys/" + key);
        assertThat(deleted.body().get("deletedAt").stringValue()).matches(ISO_MILLIS);
        assertThat(admin.get("/1/indexes/movies/keys/" + key).status()).isEqualTo(404);
        assertThat(admin.post("/1/keys/" + key + "/restore", null).status()).isEqualTo(200);
    }

    @Test
    void keyManagementNeedsTheAdminKey() {
        String key = admin.createKey(jq("{'acl':['search','browse','addObject','deleteObject','deleteIndex','settings',"
                + "'editSettings','analytics','listIndexes','logs','seeUnretrievableAttributes']}"));
        TestClient user = admin.withKey(key);
        assertThat(user.get("/1/keys").status()).isEqualTo(403);
        assertThat(user.get("/1/keys/" + key).status()).isEqualTo(403);
        assertThat(user.post("/1/keys", "{}").status()).isEqualTo(403);
        assertThat(user.get("/1/indexes/*/keys").status()).isEqualTo(403);
        assertThat(user.post("/1/indexes/i/keys", "{}").status()).isEqualTo(403);
    }

    @Test
    void seededKeysHaveTheirValue(MockServer server) {
        server.seed(jq("{'keys':[{'value':'my-fixed-search-key','acl':['search']}]}"));
        assertThat(admin.get("/1/keys/my-fixed-search-key").body().get("acl"))
                .isEqualTo(TestClient.json("[\"search\"]"));
        assertThat(server.exportState()).contains("my-fixed-search-key");
        server.reset();
        assertThat(admin.get("/1/keys/my-fixed-search-key").status())
                .as("reset removes keys")
                .isEqualTo(404);
    }

    /** Small fluent checks on a JSON body. */
    private static final class JsonAssert {
        private final JsonNode body;

        JsonAssert(Reply reply) {
            assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
            this.body = reply.body();
        }

        JsonAssert is(String member, String value) {
            assertThat(body.get(member).stringValue()).as(member).isEqualTo(value);
            return this;
        }

        JsonAssert isLong(String member, long value) {
            assertThat(body.get(member).isIntegralNumber())
                    .as(member + " is an integer")
                    .isTrue();
            assertThat(body.get(member).asLong()).as(member).isEqualTo(value);
            return this;
        }
    }
}
