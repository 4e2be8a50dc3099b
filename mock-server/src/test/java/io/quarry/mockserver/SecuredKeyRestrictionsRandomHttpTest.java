package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.MutableClock;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Random secured keys (expiry, indices, source networks, referers, filters, a forced hitsPerPage) over random parents
 * (index patterns, referers, a hit cap; now and then deleted or restored, while the clock moves on), used for random
 * searches, multi-index searches and record reads from
 * 127.0.0.1 with random {@code Referer}s and filters of their own. An oracle written from what the service documents
 * (not from the mock server's code) says whether each call is refused and which records it may see. Fixed seed,
 * printed in each failure; {@code -Dquarry.securedkeys.rounds} runs more.
 */
class SecuredKeyRestrictionsRandomHttpTest {

    private static final long SEED = 20261129L;
    private static final int ROUNDS = Integer.getInteger("quarry.securedkeys.rounds", 40);
    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.clock(CLOCK))
            .build();

    private static final List<String> INDICES = List.of("shop-a", "shop-b", "blog");
    private static final List<String> OWNERS = List.of("ann", "bob", "cid");
    private static final int RECORDS_PER_INDEX = 6;

    /** A parent key: its value, index patterns, referer patterns and hit cap (0 for none). */
    private record Parent(String value, List<String> indexes, List<String> referers, int maxHits) {}

    private static final List<Parent> PARENTS = List.of(
            new Parent("parent-open-0000000000000000000", List.of(), List.of(), 0),
            new Parent("parent-shops-000000000000000000", List.of("shop-*"), List.of(), 2),
            new Parent("parent-referers-000000000000000", List.of(), List.of("https://*.example.com/*"), 0));

    /** Source networks and whether 127.0.0.1 is inside, by hand. */
    private static final Map<String, Boolean> SOURCES = Map.of(
            "127.0.0.1", true,
            "127.0.0.0/8", true,
            "0.0.0.0/0", true,
            "10.0.0.0/8", false,
            "192.168.0.0/16", false,
            "10.0.0.0/8,127.0.0.1/32", true,
            " 127.0.0.0/24 , 172.16.0.0/12", true);

    /** Filters of a key or a query, and which owners they let through. */
    private static final Map<String, Set<String>> FILTERS = Map.of(
            "owner:ann", Set.of("ann"),
            "owner:ann OR owner:bob", Set.of("ann", "bob"),
            "NOT owner:cid", Set.of("ann", "bob"),
            "owner:bob OR owner:cid", Set.of("bob", "cid"));

    private static final List<String> REFERERS =
            List.of("https://shop.example.com/cart", "https://www.example.org/x", "https://evil.test/", "");

    private final MockServer server = MOCK.server();
    private final TestClient admin = new TestClient(server);
    private final Random random = new Random(SEED);

    /** The restrictions a secured key carries, as the oracle reads them. */
    private record Restrictions(
            Map<String, String> embedded,
            Long validUntil,
            List<String> restrictIndices,
            Boolean sourceAllowed,
            List<String> referers,
            Set<String> owners,
            Integer hitsPerPage) {}

    @Test
    void eachCallIsAllowedAndAnsweredAsTheDocumentsSay() {
        seed();
        Set<String> deleted = new HashSet<>();
        for (int round = 0; round < ROUNDS; round++) {
            lifeGoesOn(deleted);
            Parent parent = PARENTS.get(random.nextInt(PARENTS.size()));
            Restrictions restrictions = restrictions();
            String key = SecuredKeyFactory.generate(parent.value(), restrictions.embedded());
            boolean tampered = random.nextInt(12) == 0;
            if (tampered) {
                key = tamper(key);
            }
            // mostly a referer every pattern here allows, so that the other restrictions get their turn
            String referer = random.nextBoolean() ? REFERERS.get(0) : REFERERS.get(random.nextInt(REFERERS.size()));
            String context = "seed " + SEED + ", round " + round + ": parent " + parent.value()
                    + (deleted.contains(parent.value()) ? " (deleted)" : "") + ", restrictions "
                    + restrictions.embedded() + (tampered ? " (tampered)" : "") + ", Referer '" + referer + "'";
            boolean keyUsable =
                    !tampered && !deleted.contains(parent.value()) && keyUsable(parent, restrictions, referer);
            switch (random.nextInt(3)) {
                case 0 -> search(key, referer, parent, restrictions, keyUsable, context);
                case 1 -> multiSearch(key, referer, parent, restrictions, keyUsable, context);
                default -> getObjects(key, referer, parent, restrictions, keyUsable, context);
            }
        }
    }

    /** Now and then the clock moves on, a parent key is deleted, or a deleted one restored. */
    private void lifeGoesOn(Set<String> deleted) {
        if (random.nextInt(8) == 0) {
            CLOCK.advance(Duration.ofSeconds(random.nextInt(20_000)));
        }
        if (random.nextInt(12) == 0) {
            String value = PARENTS.get(random.nextInt(PARENTS.size())).value();
            if (deleted.remove(value)) {
                admin.post("/1/keys/" + value + "/restore", "{}").requireOk();
            } else {
                admin.delete("/1/keys/" + value).requireOk();
                deleted.add(value);
            }
        }
    }

    private void seed() {
        StringBuilder keys = new StringBuilder();
        for (Parent parent : PARENTS) {
            keys.append(keys.isEmpty() ? "" : ",")
                    .append(String.format(
                            "{'value':'%s','acl':['search'],'indexes':%s,'referers':%s,'maxHitsPerQuery':%d}",
                            parent.value(), quoted(parent.indexes()), quoted(parent.referers()), parent.maxHits()));
        }
        StringBuilder indices = new StringBuilder();
        for (String index : INDICES) {
            indices.append(indices.isEmpty() ? "" : ",")
                    .append("'")
                    .append(index)
                    .append("':{'settings':{'attributesForFaceting':['owner']},'records':[");
            for (int i = 0; i < RECORDS_PER_INDEX; i++) {
                indices.append(i == 0 ? "" : ",").append(String.format("{'objectID':'%d','owner':'%s'}", i, owner(i)));
            }
            indices.append("]}");
        }
        server.seed(jq("{'keys':[" + keys + "],'indices':{" + indices + "}}"));
    }

    private static String owner(int objectID) {
        return OWNERS.get(objectID % OWNERS.size());
    }

    private static String quoted(List<String> values) {
        return values.stream().map(v -> "'" + v + "'").collect(Collectors.joining(",", "[", "]"));
    }

    private Restrictions restrictions() {
        Map<String, String> embedded = new LinkedHashMap<>();
        long now = CLOCK.millis() / 1000;
        Long validUntil = null;
        switch (random.nextInt(10)) {
            case 0, 1, 2 -> validUntil = now + 1 + random.nextInt(100_000);
            case 3 -> validUntil = now - random.nextInt(100_000);
            case 4 -> validUntil = (long) -random.nextInt(3);
            default -> {}
        }
        if (validUntil != null) {
            embedded.put("validUntil", Long.toString(validUntil));
        }
        List<String> restrictIndices = List.of();
        if (random.nextInt(3) == 0) {
            List<String> patterns = List.of("shop-a", "shop-*", "blog", "*", "nothing", "*-b");
            restrictIndices = List.of(
                    patterns.get(random.nextInt(patterns.size())), patterns.get(random.nextInt(patterns.size())));
            embedded.put("restrictIndices", String.join(",", restrictIndices));
        }
        Boolean sourceAllowed = null;
        if (random.nextInt(4) == 0) {
            String source = List.copyOf(SOURCES.keySet()).get(random.nextInt(SOURCES.size()));
            sourceAllowed = SOURCES.get(source);
            embedded.put("restrictSources", source);
        }
        List<String> referers = List.of();
        if (random.nextInt(4) == 0) {
            referers = List.of(random.nextBoolean() ? "https://shop.example.com/*" : "*example.org*");
            embedded.put("referers", referers.get(0));
        }
        Set<String> owners = Set.copyOf(OWNERS);
        if (random.nextBoolean()) {
            String filter = List.copyOf(FILTERS.keySet()).get(random.nextInt(FILTERS.size()));
            owners = FILTERS.get(filter);
            embedded.put("filters", filter);
        }
        Integer hitsPerPage = null;
        if (random.nextInt(4) == 0) {
            hitsPerPage = 1 + random.nextInt(3);
            embedded.put("hitsPerPage", hitsPerPage.toString());
        }
        return new Restrictions(embedded, validUntil, restrictIndices, sourceAllowed, referers, owners, hitsPerPage);
    }

    /** Another character in the signed query: the HMAC no longer matches. */
    private String tamper(String key) {
        String decoded = new String(Base64.getDecoder().decode(key), StandardCharsets.UTF_8);
        String changed = decoded + "&hitsPerPage=" + (1 + random.nextInt(9));
        return Base64.getEncoder().encodeToString(changed.getBytes(StandardCharsets.UTF_8));
    }

    /** Everything but the indices: expiry, source network, both keys' referers. */
    private static boolean keyUsable(Parent parent, Restrictions restrictions, String referer) {
        long now = CLOCK.millis() / 1000;
        return (restrictions.validUntil() == null || restrictions.validUntil() > now)
                && (restrictions.sourceAllowed() == null || restrictions.sourceAllowed())
                && refererAllowed(restrictions.referers(), referer)
                && refererAllowed(parent.referers(), referer);
    }

    private static boolean refererAllowed(List<String> patterns, String referer) {
        return patterns.isEmpty() || (!referer.isEmpty() && patterns.stream().anyMatch(p -> glob(p, referer)));
    }

    private static boolean indexAllowed(Parent parent, Restrictions restrictions, String index) {
        Predicate<List<String>> allows =
                patterns -> patterns.isEmpty() || patterns.stream().anyMatch(p -> glob(p, index));
        return allows.test(parent.indexes()) && allows.test(restrictions.restrictIndices());
    }

    /** {@code *} is any run of characters; the rest matches itself, over the whole text. */
    private static boolean glob(String pattern, String text) {
        StringBuilder regex = new StringBuilder();
        for (String part : pattern.split("\\*", -1)) {
            regex.append(regex.isEmpty() ? "" : ".*").append(java.util.regex.Pattern.quote(part));
        }
        return text.matches(regex.toString());
    }

    private TestClient.Reply send(String key, String referer, String method, String path, String body) {
        TestClient user = admin.withKey(key);
        var request = user.request(method, path, body);
        if (!referer.isEmpty()) {
            request.header("Referer", referer);
        }
        return user.send(request.build());
    }

    private void search(
            String key, String referer, Parent parent, Restrictions restrictions, boolean usable, String context) {
        String index = INDICES.get(random.nextInt(INDICES.size()));
        String ownFilter =
                random.nextBoolean() ? null : List.copyOf(FILTERS.keySet()).get(random.nextInt(4));
        int ownHitsPerPage = 1 + random.nextInt(8);
        String body = "{\"hitsPerPage\":" + ownHitsPerPage
                + (ownFilter == null ? "" : ",\"filters\":\"" + ownFilter + "\"") + "}";
        Reply reply = send(key, referer, "POST", "/1/indexes/" + index + "/query", body);
        String where = context + ", search of " + index + " with " + body;
        if (!usable || !indexAllowed(parent, restrictions, index)) {
            assertThat(reply.status()).as(where).isEqualTo(403);
            return;
        }
        assertThat(reply.status()).as(where + ": " + reply).isEqualTo(200);
        int pageSize = restrictions.hitsPerPage() != null ? restrictions.hitsPerPage() : ownHitsPerPage;
        assertHits(reply.body(), visible(restrictions, ownFilter), pageSize, parent.maxHits(), where);
    }

    private void multiSearch(
            String key, String referer, Parent parent, Restrictions restrictions, boolean usable, String context) {
        List<String> indices = new ArrayList<>();
        int count = 1 + random.nextInt(3);
        for (int i = 0; i < count; i++) {
            indices.add(INDICES.get(random.nextInt(INDICES.size())));
        }
        String ownFilter = List.copyOf(FILTERS.keySet()).get(random.nextInt(4));
        String body = indices.stream()
                .map(index -> "{\"indexName\":\"" + index + "\",\"params\":\"hitsPerPage=10&filters="
                        + ownFilter.replace(" ", "%20").replace(":", "%3A") + "\"}")
                .collect(Collectors.joining(",", "{\"requests\":[", "]}"));
        Reply reply = send(key, referer, "POST", "/1/indexes/*/queries", body);
        String where = context + ", multi-search of " + indices + " with filters " + ownFilter;
        if (!usable || !indices.stream().allMatch(index -> indexAllowed(parent, restrictions, index))) {
            assertThat(reply.status())
                    .as(where + " (one index refused refuses all)")
                    .isEqualTo(403);
            return;
        }
        assertThat(reply.status()).as(where + ": " + reply).isEqualTo(200);
        int pageSize = restrictions.hitsPerPage() != null ? restrictions.hitsPerPage() : 10;
        for (JsonNode result : reply.body().get("results")) {
            assertHits(result, visible(restrictions, ownFilter), pageSize, parent.maxHits(), where);
        }
    }

    private void getObjects(
            String key, String referer, Parent parent, Restrictions restrictions, boolean usable, String context) {
        String index = INDICES.get(random.nextInt(INDICES.size()));
        int objectID = random.nextInt(RECORDS_PER_INDEX);
        String body = "{\"requests\":[{\"indexName\":\"" + index + "\",\"objectID\":\"" + objectID + "\"}]}";
        Reply reply = send(key, referer, "POST", "/1/indexes/*/objects", body);
        String where = context + ", read of record " + objectID + " (owner " + owner(objectID) + ") of " + index;
        if (!usable || !indexAllowed(parent, restrictions, index)) {
            assertThat(reply.status()).as(where).isEqualTo(403);
            return;
        }
        assertThat(reply.status()).as(where + ": " + reply).isEqualTo(200);
        JsonNode record = reply.body().get("results").get(0);
        // a record the key's filters keep from every search is no more readable by its objectID
        assertThat(record.isNull())
                .as(where + ": " + reply)
                .isEqualTo(!restrictions.owners().contains(owner(objectID)));
    }

    private static Set<String> visible(Restrictions restrictions, String ownFilter) {
        Set<String> ids = new TreeSet<>();
        for (int i = 0; i < RECORDS_PER_INDEX; i++) {
            String owner = owner(i);
            if (restrictions.owners().contains(owner)
                    && (ownFilter == null || FILTERS.get(ownFilter).contains(owner))) {
                ids.add(Integer.toString(i));
            }
        }
        return ids;
    }

    private static void assertHits(JsonNode result, Set<String> visible, int pageSize, int maxHits, String where) {
        List<String> ids = new ArrayList<>();
        result.get("hits").forEach(hit -> ids.add(hit.get("objectID").stringValue()));
        int cap = maxHits > 0 ? Math.min(pageSize, maxHits) : pageSize;
        assertThat(result.get("nbHits").asInt()).as(where + ": nbHits").isEqualTo(visible.size());
        assertThat(ids).as(where + ": hits").hasSize(Math.min(cap, visible.size()));
        assertThat(visible).as(where + ": hits").containsAll(ids);
    }
}
