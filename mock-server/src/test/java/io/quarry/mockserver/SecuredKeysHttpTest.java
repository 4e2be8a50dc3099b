package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Secured API keys (seed 000 §2.6, §5.2): each restriction accepted and violated, and the client test vector. */
class SecuredKeysHttpTest {

    private static final String PARENT = "2640659426d5107b6e47d75db9cbaef8";
    private static final String TEST_VECTOR = "NjFhZmE0OGEyMTI3OThiODc0OTlkOGM0YjcxYzljY2M2NmU2NDE5ZWY0NDZjMWJhNjA2"
            + "NzBkMjAwOTI2YWQyZnJlc3RyaWN0SW5kaWNlcz1Nb3ZpZXMmdmFsaWRVbnRpbD0yNTI0NjA0NDAw";
    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK))
            .build();

    private final MockServer server = MOCK.server();
    private final TestClient admin = new TestClient(server);

    @BeforeEach
    void seed() {
        server.seed(jq("{'keys':[{'value':'" + PARENT + "','acl':['search','browse']}],'indices':{"
                + "'Movies':{'settings':{'attributesForFaceting':['genre','owner']},'records':["
                + "{'objectID':'1','title':'Heat','genre':'crime','owner':'ann'},"
                + "{'objectID':'2','title':'Alien','genre':'scifi','owner':'bob'},"
                + "{'objectID':'3','title':'Up','genre':'family','owner':'ann'}]},"
                + "'Series':{'records':[{'objectID':'s','title':'Lost'}]}}}"));
    }

    private TestClient as(String key) {
        return admin.withKey(key);
    }

    private String secured(Map<String, String> restrictions) {
        return SecuredKeyFactory.generate(PARENT, restrictions);
    }

    @Test
    void theClientTestVectorIsAccepted() {
        assertThat(SecuredKeyFactory.generate(PARENT, Map.of("restrictIndices", "Movies", "validUntil", "2524604400")))
                .isEqualTo(TEST_VECTOR);
        assertThat(as(TEST_VECTOR).post("/1/indexes/Movies/query", "{}").status())
                .isEqualTo(200);
        assertThat(as(TEST_VECTOR).post("/1/indexes/Series/query", "{}").status())
                .isEqualTo(403);
    }

    @Test
    void aRestrictionWhoseEscapesAreNotUtf8IsRefusedNotReadAsAnotherValue() {
        // read leniently, %FF would restrict to the index named U+FFFD
        String key = SecuredKeyFactory.sign(PARENT, "restrictIndices=%FF");

        Reply refused = as(key).post("/1/indexes/Movies/query", "{}");

        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body().get("message").stringValue()).contains("Invalid secured API key");
        assertThat(as(SecuredKeyFactory.sign(PARENT, "restrictIndices=Movies"))
                        .post("/1/indexes/Movies/query", "{}")
                        .status())
                .isEqualTo(200);
    }

    @Test
    void restrictIndicesWithWildcards() {
        TestClient user = as(secured(Map.of("restrictIndices", "Mov*,Other")));
        assertThat(user.post("/1/indexes/Movies/query", "{}").status()).isEqualTo(200);
        Reply refused = user.post("/1/indexes/Series/query", "{}");
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body().get("message").stringValue()).isEqualTo("Index not allowed with this API key");
        assertThat(user.post("/1/indexes/*/queries", jq("{'requests':[{'indexName':'Series'}]}"))
                        .status())
                .isEqualTo(403);
    }

    @Test
    void aListRestrictionHoldingNoTextIsRefusedNotReadAsNoRestriction() {
        // each item read as "", a blank pattern, so the key restricted nothing
        for (String list : new String[] {"[[\"Series\"]]", "[{}]", "[null]", "[true]"}) {
            Reply refused = as(secured(Map.of("restrictIndices", list))).post("/1/indexes/Movies/query", "{}");
            assertThat(refused.status()).as(list).isEqualTo(403);
            assertThat(refused.body().get("message").stringValue()).as(list).contains("Invalid secured API key");
            assertThat(as(secured(Map.of("referers", list)))
                            .post("/1/indexes/Movies/query", "{}")
                            .status())
                    .as(list)
                    .isEqualTo(403);
        }
        assertThat(as(secured(Map.of("restrictIndices", "[\"Movies\", 7]")))
                        .post("/1/indexes/Movies/query", "{}")
                        .status())
                .as("a number names the index spelled so")
                .isEqualTo(200);
    }

    @Test
    void aParameterGivenTwiceMakesTheKeyInvalid() {
        // read last-wins, a restriction appended unescaped after the signed ones lifted them
        for (String query : new String[] {
            "restrictIndices=Series&restrictIndices=", "filters=owner%3Aann&userToken=u&filters=", "a=1&a=1"
        }) {
            Reply refused = as(SecuredKeyFactory.sign(PARENT, query)).post("/1/indexes/Movies/query", "{}");
            assertThat(refused.status()).as(query).isEqualTo(403);
            assertThat(refused.body().get("message").stringValue()).as(query).contains("given twice");
        }
    }

    @Test
    void validUntilFollowsTheClock() {
        long now = CLOCK.millis() / 1000;
        TestClient user = as(secured(Map.of("validUntil", Long.toString(now + 10))));
        assertThat(user.post("/1/indexes/Movies/query", "{}").status()).isEqualTo(200);
        CLOCK.advance(Duration.ofSeconds(10));
        Reply expired = user.post("/1/indexes/Movies/query", "{}");
        assertThat(expired.status()).isEqualTo(403);
        assertThat(expired.body().get("message").stringValue()).contains("expired");
    }

    @Test
    void aValidUntilUnderOneSecondIsExpiredNotUnlimited() {
        // its fraction dropped, 0.5 became 0, which stands for no validUntil: the key never expired
        for (String past : new String[] {"0.5", "1e-3", "0.999"}) {
            Reply refused = as(secured(Map.of("validUntil", past))).post("/1/indexes/Movies/query", "{}");
            assertThat(refused.status()).as(past).isEqualTo(403);
            assertThat(refused.body().get("message").stringValue()).as(past).contains("expired");
        }
    }

    @Test
    void aValidUntilIsADecimalNumberOfSeconds() {
        long now = CLOCK.millis() / 1000;
        for (String later : new String[] {now + 60 + ".75", " " + (now + 60), (now + 60) + "e0", "9e99"}) {
            assertThat(as(secured(Map.of("validUntil", later)))
                            .post("/1/indexes/Movies/query", "{}")
                            .status())
                    .as(later)
                    .isEqualTo(200);
        }
        // Java reads these as numbers, no other implementation does; Infinity is no time, so never valid
        for (String notDecimal : new String[] {"0x1p40", "9999999999d", "1e9f", "1_900_000_000", "Infinity"}) {
            assertThat(as(secured(Map.of("validUntil", notDecimal)))
                            .post("/1/indexes/Movies/query", "{}")
                            .status())
                    .as(notDecimal)
                    .isEqualTo(403);
        }
    }

    @Test
    void restrictSourcesIsAnIpv4Network() {
        assertThat(as(secured(Map.of("restrictSources", "127.0.0.0/8")))
                        .post("/1/indexes/Movies/query", "{}")
                        .status())
                .isEqualTo(200);
        assertThat(as(secured(Map.of("restrictSources", "127.0.0.1")))
                        .post("/1/indexes/Movies/query", "{}")
                        .status())
                .isEqualTo(200);
        Reply refused = as(secured(Map.of("restrictSources", "10.0.0.0/8"))).post("/1/indexes/Movies/query", "{}");
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body().get("message").stringValue()).contains("Source not allowed");
    }

    @Test
    void referersAreCheckedAgainstTheRefererHeader() {
        String key = secured(Map.of("referers", "https://*.example.com/*"));
        assertThat(withReferer(key, "https://shop.example.com/cart")).isEqualTo(200);
        assertThat(withReferer(key, "https://evil.test/")).isEqualTo(403);
        assertThat(as(key).post("/1/indexes/Movies/query", "{}").status())
                .as("no Referer")
                .isEqualTo(403);
    }

    private int withReferer(String key, String referer) {
        TestClient user = as(key);
        return user.send(user.request("POST", "/1/indexes/Movies/query", "{}")
                        .header("Referer", referer)
                        .build())
                .status();
    }

    @Test
    void embeddedFiltersAreAndedWithTheQuerysOwn() {
        TestClient user = as(secured(Map.of("filters", "owner:ann")));
        assertThat(user.post("/1/indexes/Movies/query", "{}").hitIds()).containsExactlyInAnyOrder("1", "3");
        assertThat(user.post("/1/indexes/Movies/query", jq("{'filters':'genre:crime'}"))
                        .hitIds())
                .containsExactly("1");
        assertThat(user.post("/1/indexes/Movies/query", jq("{'filters':'owner:bob'}"))
                        .hitIds())
                .as("the key's filter cannot be widened")
                .isEmpty();
        assertThat(user.get("/1/indexes/Movies?filters=owner%3Abob").hitIds()).isEmpty();
        assertThat(user.post("/1/indexes/Movies/browse", "{}")
                        .body()
                        .get("nbHits")
                        .asInt())
                .isEqualTo(2);
    }

    @Test
    void aRecordTheKeysFiltersKeepFromSearchesIsNotReadByItsObjectId() {
        TestClient ann = as(secured(Map.of("filters", "owner:ann")));
        assertThat(ann.get("/1/indexes/Movies/1").status()).isEqualTo(200);
        Reply other = ann.get("/1/indexes/Movies/2");
        assertThat(other.status()).as("bob's record").isEqualTo(404);
        assertThat(ann.post(
                                "/1/indexes/*/objects",
                                jq("{'requests':[{'indexName':'Movies','objectID':'2'},"
                                        + "{'indexName':'Movies','objectID':'3'}]}"))
                        .body()
                        .get("results"))
                .extracting(record ->
                        record.isNull() ? null : record.get("objectID").stringValue())
                .containsExactly(null, "3");
        server.seed(jq(
                "{'keys':[{'value':'scifi-only','acl':['search'],'queryParameters':'facetFilters=genre%3Ascifi'}]}"));
        assertThat(as("scifi-only").get("/1/indexes/Movies/1").status())
                .as("a key's own forced filters")
                .isEqualTo(404);
        assertThat(as("scifi-only").get("/1/indexes/Movies/2").status()).isEqualTo(200);
        assertThat(admin.get("/1/indexes/Movies/2").status()).isEqualTo(200);
    }

    @Test
    void otherEmbeddedParametersAreForced() {
        TestClient user = as(secured(Map.of("hitsPerPage", "1", "attributesToRetrieve", "title")));
        Reply reply = user.post("/1/indexes/Movies/query", jq("{'hitsPerPage':50,'attributesToRetrieve':['*']}"));
        assertThat(reply.hitIds()).hasSize(1);
        assertThat(reply.body().get("hitsPerPage").asInt()).isEqualTo(1);
        assertThat(reply.body().get("hits").get(0).has("genre")).isFalse();
    }

    @Test
    void userTokenIsTheRateLimitIdentity() {
        server.seed(jq("{'keys':[{'value':'limited-parent','acl':['search'],'maxQueriesPerIPPerHour':2}]}"));
        TestClient alice = as(SecuredKeyFactory.generate("limited-parent", Map.of("userToken", "alice")));
        TestClient bob = as(SecuredKeyFactory.generate("limited-parent", Map.of("userToken", "bob")));
        assertThat(alice.post("/1/indexes/Movies/query", "{}").status()).isEqualTo(200);
        assertThat(alice.post("/1/indexes/Movies/query", "{}").status()).isEqualTo(200);
        assertThat(alice.post("/1/indexes/Movies/query", "{}").status()).isEqualTo(429);
        assertThat(bob.post("/1/indexes/Movies/query", "{}").status())
                .as("same IP, other token")
                .isEqualTo(200);
    }

    @Test
    void aSecuredKeyOnlyNarrowsItsParent() {
        TestClient user = as(secured(Map.of("restrictIndices", "Movies")));
        assertThat(user.post("/1/indexes/Movies", jq("{'title':'x'}")).status())
                .as("parent lacks addObject")
                .isEqualTo(403);
        server.seed(jq("{'keys':[{'value':'movies-only','acl':['search'],'indexes':['Movies']}]}"));
        TestClient widened = as(SecuredKeyFactory.generate("movies-only", Map.of("restrictIndices", "Series")));
        assertThat(widened.post("/1/indexes/Series/query", "{}").status()).isEqualTo(403);
    }

    @Test
    void aSecuredKeysFilterListsNarrowItsParentsForcedOnesNeverReplaceThem() {
        server.seed(jq("{'keys':[{'value':'ann-only','acl':['search'],"
                + "'queryParameters':'facetFilters=%5B%22owner%3Aann%22%5D'}]}"));
        // forced over the parent's, an empty list lifted the parent's restriction to ann's records
        TestClient lifted = as(SecuredKeyFactory.generate("ann-only", Map.of("facetFilters", "[]")));
        assertThat(lifted.post("/1/indexes/Movies/query", "{}").hitIds()).containsExactlyInAnyOrder("1", "3");
        assertThat(lifted.get("/1/indexes/Movies/2").status()).isEqualTo(404);
        TestClient widened = as(SecuredKeyFactory.generate("ann-only", Map.of("facetFilters", "owner:bob")));
        assertThat(widened.post("/1/indexes/Movies/query", "{}").hitIds()).isEmpty();
        TestClient narrowed = as(
                SecuredKeyFactory.generate("ann-only", Map.of("facetFilters", "[[\"genre:crime\",\"genre:scifi\"]]")));
        assertThat(narrowed.post("/1/indexes/Movies/query", "{}").hitIds()).containsExactly("1");
    }

    @Test
    void parametersWrappedInParamsAreRefusedForTheyWouldReplaceTheParentsForcedFilters() {
        server.seed(jq("{'keys':[{'value':'ann-filtered','acl':['search'],'queryParameters':'filters=owner%3Aann'}]}"));
        String wrapped = SecuredKeyFactory.generate("ann-filtered", Map.of("params", "filters=owner%3Abob"));

        Reply refused = as(wrapped).post("/1/indexes/Movies/query", "{}");

        assertThat(refused.status()).as("it searched bob's records").isEqualTo(403);
        assertThat(refused.body().get("message").stringValue()).contains("Invalid secured API key");
    }

    @Test
    void aKeyDerivedFromTheAdminKeyIsRefused() {
        Reply reply = as(SecuredKeyFactory.generate(server.adminKey(), Map.of("restrictIndices", "Movies")))
                .post("/1/indexes/Movies/query", "{}");
        assertThat(reply.status()).isEqualTo(403);
        assertThat(reply.body().get("message").stringValue()).contains("admin API key");
    }

    @Test
    void wrongOrTamperedKeysAre403() {
        String good = secured(Map.of("filters", "owner:ann"));
        String query = new String(Base64.getDecoder().decode(good), StandardCharsets.UTF_8).substring(64);
        String hash = new String(Base64.getDecoder().decode(good), StandardCharsets.UTF_8).substring(0, 64);
        String tampered = Base64.getEncoder()
                .encodeToString((hash + query.replace("ann", "bob")).getBytes(StandardCharsets.UTF_8));
        assertThat(as(tampered).post("/1/indexes/Movies/query", "{}").status()).isEqualTo(403);
        assertThat(as(SecuredKeyFactory.generate("not-a-key", Map.of()))
                        .post("/1/indexes/Movies/query", "{}")
                        .status())
                .isEqualTo(403);
        assertThat(as("bm90IGEga2V5").post("/1/indexes/Movies/query", "{}").status())
                .isEqualTo(403);
        admin.delete("/1/keys/" + PARENT);
        assertThat(as(good).post("/1/indexes/Movies/query", "{}").status())
                .as("parent deleted")
                .isEqualTo(403);
    }

    @Test
    void aSecuredKeyWorksAsAUrlParameter() {
        String key = secured(Map.of("restrictIndices", "Movies"));
        Reply reply = new TestClient(server, null, null)
                .get("/1/indexes/Movies?x-service-application-id="
                        + server.applicationId() + "&x-service-api-key="
                        + URLEncoder.encode(key, StandardCharsets.UTF_8));
        assertThat(reply.status()).isEqualTo(200);
    }
}
