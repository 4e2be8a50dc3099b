package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a key imposes besides its rights: referers, maxHitsPerQuery, forced queryParameters,
 * seeUnretrievableAttributes, and maxQueriesPerIPPerHour (429 per IP per clock hour, proxied calls included).
 */
class KeyRestrictionsHttpTest {

    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK))
            .build();

    private final MockServer server = MOCK.server();
    private final TestClient admin = new TestClient(server);

    @BeforeEach
    void seed() {
        StringBuilder records = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            records.append(i == 0 ? "" : ",")
                    .append(jq("{'objectID':'" + i + "','title':'item " + i + "','secret':'s" + i + "','kind':'"
                            + (i % 2 == 0 ? "even" : "odd") + "'}"));
        }
        server.seed("{\"indices\":{\"items\":{\"settings\":"
                + jq("{'unretrievableAttributes':['secret']," + "'attributesForFaceting':['kind']}") + ",\"records\":["
                + records + "]}}}");
    }

    private TestClient key(String json) {
        return admin.withKey(admin.createKey(jq(json)));
    }

    private int send(String key, Map<String, String> headers) {
        HttpRequest.Builder request = admin.withKey(key).request("POST", "/1/indexes/items/query", "{}");
        headers.forEach(request::header);
        return admin.send(request.build()).status();
    }

    @Test
    void referersOfAKey() {
        String key =
                admin.createKey(jq("{'acl':['search'],'referers':['https://shop.example.com/*','*.partner.test*']}"));
        assertThat(send(key, Map.of("Referer", "https://shop.example.com/products")))
                .isEqualTo(200);
        assertThat(send(key, Map.of("Referer", "http://www.partner.test/x"))).isEqualTo(200);
        assertThat(send(key, Map.of("Referer", "https://elsewhere.test/"))).isEqualTo(403);
        assertThat(send(key, Map.of())).isEqualTo(403);
    }

    @Test
    void aKeysIndicesBoundItsAnalyticsToo() {
        server.seed(jq("{'indices':{'other':{'records':[{'objectID':'o'}]}}}"));
        String items = admin.createKey(jq("{'acl':['analytics'],'indexes':['items']}"));
        assertThat(admin.withKey(items).get("/2/searches?index=items").status()).isEqualTo(200);
        Reply other = admin.withKey(items).get("/2/searches?index=other");
        assertThat(other.status())
                .as("the analytics of an index the key is not restricted to")
                .isEqualTo(403);
        assertThat(admin.withKey(items).get("/2/status?index=missing").status())
                .as("refused before it says whether the index exists")
                .isEqualTo(403);
        String secured = SecuredKeyFactory.generate(
                admin.createKey(jq("{'acl':['analytics']}")), Map.of("restrictIndices", "other"));
        assertThat(admin.withKey(secured).get("/2/searches?index=items").status())
                .isEqualTo(403);
        assertThat(admin.withKey(secured).get("/2/searches?index=other").status())
                .isEqualTo(200);
    }

    @Test
    void maxHitsPerQueryCapsHits() {
        TestClient user = key("{'acl':['search'],'maxHitsPerQuery':5}");
        Reply reply = user.post("/1/indexes/items/query", jq("{'hitsPerPage':20}"));
        assertThat(reply.body().get("hits")).hasSize(5);
        assertThat(admin.post("/1/indexes/items/query", jq("{'hitsPerPage':20}"))
                        .body()
                        .get("hits"))
                .hasSize(20);
    }

    @Test
    void maxHitsPerQueryPagesThroughEveryHitOnceAndHoldsForItsSecuredKeys() {
        String parent = admin.createKey(jq("{'acl':['search'],'maxHitsPerQuery':7}"));
        TestClient secured = admin.withKey(SecuredKeyFactory.sign(parent, "filters=kind%3Aeven"));
        List<String> all = admin.post("/1/indexes/items/query", jq("{'filters':'kind:even','hitsPerPage':100}"))
                .hitIds();
        List<String> paged = new ArrayList<>();
        Reply first = secured.post("/1/indexes/items/query", jq("{'hitsPerPage':100}"));
        int nbPages = first.body().get("nbPages").asInt();
        assertThat(first.body().get("hitsPerPage").asInt()).isEqualTo(7);
        assertThat(nbPages).isEqualTo(3);
        for (int page = 0; page <= nbPages; page++) {
            Reply reply = secured.post("/1/indexes/items/query", jq("{'hitsPerPage':100,'page':" + page + "}"));
            assertThat(reply.hitIds()).hasSizeLessThanOrEqualTo(7);
            paged.addAll(reply.hitIds());
        }
        assertThat(paged).as("each hit once, in order, none past the last page").isEqualTo(all);
        Reply window = secured.post("/1/indexes/items/query", jq("{'offset':3,'length':100}"));
        assertThat(window.hitIds()).isEqualTo(all.subList(3, 10));
        Reply multi =
                secured.post("/1/indexes/*/queries", jq("{'requests':[{'indexName':'items','hitsPerPage':100}]}"));
        assertThat(multi.body().get("results").get(0).get("hits")).hasSize(7);
    }

    @Test
    void queryParametersAreForced() {
        TestClient user = key("{'acl':['search'],'queryParameters':'filters=kind%3Aeven&hitsPerPage=3'}");
        Reply reply = user.post("/1/indexes/items/query", jq("{'filters':'kind:odd','hitsPerPage':50}"));
        assertThat(reply.body().get("hitsPerPage").asInt()).isEqualTo(3);
        assertThat(reply.body().get("nbHits").asInt()).isEqualTo(15);
        reply.body()
                .get("hits")
                .forEach(hit -> assertThat(hit.get("kind").stringValue()).isEqualTo("even"));
    }

    @Test
    void seeUnretrievableAttributesIsARight() {
        TestClient plain = key("{'acl':['search']}");
        TestClient seer = key("{'acl':['search','seeUnretrievableAttributes']}");
        assertThat(plain.post("/1/indexes/items/query", "{}")
                        .body()
                        .get("hits")
                        .get(0)
                        .has("secret"))
                .isFalse();
        assertThat(seer.post("/1/indexes/items/query", "{}")
                        .body()
                        .get("hits")
                        .get(0)
                        .has("secret"))
                .isTrue();
        assertThat(plain.get("/1/indexes/items/1").body().has("secret")).isFalse();
        assertThat(seer.get("/1/indexes/items/1").body().has("secret")).isTrue();
    }

    @Test
    void maxQueriesPerIpPerHourAnswers429() {
        TestClient user = key("{'acl':['search'],'maxQueriesPerIPPerHour':3}");
        for (int i = 0; i < 3; i++) {
            assertThat(user.post("/1/indexes/items/query", "{}").status()).isEqualTo(200);
        }
        Reply limited = user.post("/1/indexes/items/query", "{}");
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.body().get("status").asInt()).isEqualTo(429);
        assertThat(admin.post("/1/indexes/items/query", "{}").status())
                .as("other keys unaffected")
                .isEqualTo(200);
        CLOCK.advance(Duration.ofHours(1));
        assertThat(user.post("/1/indexes/items/query", "{}").status())
                .as("next hour")
                .isEqualTo(200);
    }

    @Test
    void proxiedCallsCountPerForwardedIp() {
        String limited = admin.createKey(jq("{'acl':['search'],'maxQueriesPerIPPerHour':1}"));
        String adminKey = server.adminKey();
        Map<String, String> first = Map.of("X-Forwarded-For", "203.0.113.7", "X-Forwarded-API-Key", limited);
        Map<String, String> second =
                Map.of("X-Forwarded-For", "198.51.100.1, 10.0.0.1", "X-Forwarded-API-Key", limited);
        assertThat(send(adminKey, first)).isEqualTo(200);
        assertThat(send(adminKey, first)).isEqualTo(429);
        assertThat(send(adminKey, second)).as("another end user").isEqualTo(200);
        assertThat(send(adminKey, Map.of())).as("not proxied: no limit").isEqualTo(200);
        assertThat(send(limited, Map.of("X-Forwarded-For", "192.0.2.1")))
                .as("only the admin key may forward")
                .isEqualTo(200);
        assertThat(send(limited, Map.of("X-Forwarded-For", "192.0.2.2"))).isEqualTo(429);
        String securedChild = SecuredKeyFactory.generate(limited, Map.of("userToken", "carol"));
        assertThat(send(adminKey, Map.of("X-Forwarded-For", "203.0.113.7", "X-Forwarded-API-Key", securedChild)))
                .as("a secured key's user token is its identity")
                .isEqualTo(200);
    }

    @Test
    void aSecuredKeyWithAnEmptyUserTokenCountsPerIp() {
        // counted under the token "", every end user of the key shared one hourly budget
        String limited = admin.createKey(jq("{'acl':['search'],'maxQueriesPerIPPerHour':1}"));
        String secured = SecuredKeyFactory.sign(limited, "userToken=");
        Map<String, String> first = Map.of("X-Forwarded-For", "203.0.113.7", "X-Forwarded-API-Key", secured);
        Map<String, String> second = Map.of("X-Forwarded-For", "198.51.100.1", "X-Forwarded-API-Key", secured);

        assertThat(send(server.adminKey(), first)).isEqualTo(200);
        assertThat(send(server.adminKey(), first)).isEqualTo(429);
        assertThat(send(server.adminKey(), second)).as("another end user").isEqualTo(200);
    }

    @Test
    void credentialsAsUrlParameters() {
        String key = admin.createKey(jq("{'acl':['search']}"));
        TestClient anonymous = new TestClient(server, null, null);
        assertThat(anonymous
                        .get("/1/indexes/items?query=item&x-service-application-id=" + server.applicationId()
                                + "&x-service-api-key=" + key)
                        .status())
                .isEqualTo(200);
        assertThat(anonymous
                        .get("/1/indexes?x-service-application-id=" + server.applicationId() + "&x-service-api-key="
                                + key)
                        .status())
                .as("no listIndexes right")
                .isEqualTo(403);
    }
}
