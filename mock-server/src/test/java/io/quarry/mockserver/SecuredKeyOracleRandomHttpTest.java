package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Random parents (rights, index patterns, forced attributes and page size) sign random secured keys (indices as a
 * comma list or a JSON array, attributes, page size, filters, an area; standard or URL-safe Base64), used for
 * random calls whose own parameters try to stand in for the key's: searches with {@code offset}/{@code length},
 * {@code attributesToHighlight}, boxes and polygons; records read by objectID; browses; events; settings. An
 * oracle written from the documented rules (not from the mock server's code) says whether each call is refused
 * and which records and attributes come back. Fixed seed, printed in each failure;
 * {@code -Dquarry.securedkeys.rounds} runs more.
 */
class SecuredKeyOracleRandomHttpTest {

    private static final long SEED = 20261130L;
    private static final int ROUNDS = Integer.getInteger("quarry.securedkeys.rounds", 50);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final List<String> INDICES = List.of("shop-a", "shop-b", "blog");
    private static final List<String> OWNERS = List.of("ann", "bob", "cid");
    private static final int RECORDS = 6;
    private static final Set<String> ATTRIBUTES = Set.of("objectID", "name", "owner", "secret", "_geoloc");

    /** A parent key as the oracle knows it; {@code attributes} and {@code hitsPerPage} are forced when set. */
    private record Parent(
            String value, Set<String> acl, List<String> indexes, List<String> attributes, Integer hitsPerPage) {}

    /** What a secured key embeds, as the oracle reads it. */
    private record Embedded(
            String query,
            List<String> indices,
            List<String> attributes,
            Integer hitsPerPage,
            Set<String> owners,
            Area area) {}

    /** A key's area: which records it keeps (even objectIDs sit at (0, 0), odd ones at (40, 40)). */
    private enum Area {
        NEAR_ORIGIN("aroundLatLng=0%2C0&aroundRadius=1000", 0),
        NORTH_EAST("insideBoundingBox=30%2C30%2C50%2C50", 1),
        NONE("", -1);

        final String query;
        final int parity;

        Area(String query, int parity) {
            this.query = query;
            this.parity = parity;
        }

        boolean keeps(int objectID) {
            return parity < 0 || objectID % 2 == parity;
        }
    }

    private static final Map<String, Set<String>> FILTERS = Map.of(
            "owner:ann", Set.of("ann"),
            "NOT owner:cid", Set.of("ann", "bob"),
            "owner:bob OR owner:cid", Set.of("bob", "cid"));

    private final MockServer server = MOCK.server();
    private final TestClient admin = new TestClient(server);
    private final Random random = new Random(SEED);

    @Test
    void eachCallIsRefusedOrAnsweredAsTheOracleSays() {
        List<Parent> parents = seed();
        for (int round = 0; round < ROUNDS; round++) {
            Parent parent = parents.get(random.nextInt(parents.size()));
            Embedded embedded = embedded();
            String key = SecuredKeyFactory.sign(parent.value(), embedded.query());
            boolean urlSafe = random.nextBoolean();
            if (urlSafe) {
                key = key.replace('+', '-').replace('/', '_').replace("=", "");
            }
            String index = INDICES.get(random.nextInt(INDICES.size()));
            String where = "seed " + SEED + ", round " + round + ": parent " + parent + ", secured key '"
                    + embedded.query() + "'" + (urlSafe ? " (URL-safe)" : "") + ", index " + index;
            Call call = new Call(admin.withKey(key), parent, embedded, index, where);
            switch (random.nextInt(5)) {
                case 0, 1 -> call.search();
                case 2 -> call.read(random.nextInt(RECORDS));
                case 3 -> call.browse();
                default -> call.sendEventOrReadSettings(random.nextBoolean());
            }
        }
    }

    private List<Parent> seed() {
        List<Parent> parents = new ArrayList<>();
        StringBuilder keys = new StringBuilder();
        List<List<String>> indexChoices = List.of(List.of(), List.of("shop-*"), List.of("blog", "shop-a"));
        List<List<String>> attributeChoices = List.of(List.of("name"), List.of("name", "owner"));
        for (int i = 0; i < 6; i++) {
            Set<String> acl = new TreeSet<>();
            for (String right : List.of("search", "browse", "settings")) {
                if (random.nextInt(right.equals("search") ? 5 : 2) > 0) {
                    acl.add(right);
                }
            }
            List<String> attributes = random.nextInt(3) == 0 ? attributeChoices.get(random.nextInt(2)) : null;
            Integer hitsPerPage = random.nextInt(3) == 0 ? 2 : null;
            Parent parent = new Parent(
                    "oracle-parent-" + i + "0000000000000000",
                    acl,
                    indexChoices.get(random.nextInt(indexChoices.size())),
                    attributes,
                    hitsPerPage);
            parents.add(parent);
            List<String> forced = new ArrayList<>();
            if (attributes != null) {
                forced.add("attributesToRetrieve=" + encoded(String.join(",", attributes)));
            }
            if (hitsPerPage != null) {
                forced.add("hitsPerPage=" + hitsPerPage);
            }
            keys.append(keys.isEmpty() ? "" : ",")
                    .append(String.format(
                            "{'value':'%s','acl':%s,'indexes':%s,'queryParameters':'%s'}",
                            parent.value(), quoted(acl), quoted(parent.indexes()), String.join("&", forced)));
        }
        StringBuilder indices = new StringBuilder();
        for (String index : INDICES) {
            indices.append(indices.isEmpty() ? "" : ",")
                    .append("'")
                    .append(index)
                    .append("':{'settings':{'attributesForFaceting':['owner']},'records':[");
            for (int i = 0; i < RECORDS; i++) {
                int spot = i % 2 == 0 ? 0 : 40;
                indices.append(i == 0 ? "" : ",")
                        .append(String.format(
                                "{'objectID':'%d','name':'item %d','owner':'%s','secret':'code %d',"
                                        + "'_geoloc':{'lat':%d,'lng':%d}}",
                                i, i, owner(i), i, spot, spot));
            }
            indices.append("]}");
        }
        server.seed(jq("{'keys':[" + keys + "],'indices':{" + indices + "}}"));
        return parents;
    }

    private Embedded embedded() {
        List<String> query = new ArrayList<>();
        List<String> indices = null;
        if (random.nextBoolean()) {
            List<String> patterns = List.of("shop-a", "shop-*", "blog", "*-b");
            indices = List.of(
                    patterns.get(random.nextInt(patterns.size())), patterns.get(random.nextInt(patterns.size())));
            String list = random.nextBoolean()
                    ? String.join(",", indices)
                    : indices.stream().map(p -> "\"" + p + "\"").collect(Collectors.joining(",", "[", "]"));
            query.add("restrictIndices=" + encoded(list));
        }
        List<String> attributes = null;
        if (random.nextBoolean()) {
            List<List<String>> choices =
                    List.of(List.of("*"), List.of("name", "secret"), List.of("owner"), List.of("secret", "owner"));
            attributes = choices.get(random.nextInt(choices.size()));
            String list = random.nextBoolean()
                    ? String.join(",", attributes)
                    : attributes.stream().map(a -> "\"" + a + "\"").collect(Collectors.joining(",", "[", "]"));
            query.add("attributesToRetrieve=" + encoded(list));
        }
        Integer hitsPerPage = null;
        if (random.nextInt(3) == 0) {
            hitsPerPage = 1 + random.nextInt(3);
            query.add("hitsPerPage=" + hitsPerPage);
        }
        Set<String> owners = Set.copyOf(OWNERS);
        if (random.nextBoolean()) {
            String filter = List.copyOf(new TreeSet<>(FILTERS.keySet())).get(random.nextInt(FILTERS.size()));
            owners = FILTERS.get(filter);
            query.add("filters=" + encoded(filter));
        }
        Area area = Area.values()[random.nextInt(Area.values().length)];
        if (area != Area.NONE) {
            query.add(area.query);
        }
        return new Embedded(String.join("&", query), indices, attributes, hitsPerPage, owners, area);
    }

    /** One call with a secured key, and what the oracle expects of it. */
    private final class Call {

        private final TestClient user;
        private final Parent parent;
        private final Embedded embedded;
        private final String index;
        private final String where;

        Call(TestClient user, Parent parent, Embedded embedded, String index, String where) {
            this.user = user;
            this.parent = parent;
            this.embedded = embedded;
            this.index = index;
            this.where = where;
        }

        void search() {
            List<String> own = new ArrayList<>();
            Integer offset = null;
            Integer length = null;
            int hitsPerPage = 1 + random.nextInt(8);
            own.add("'hitsPerPage':" + hitsPerPage);
            if (random.nextBoolean()) {
                offset = random.nextInt(3);
                length = 1 + random.nextInt(8);
                own.add("'offset':" + offset + ",'length':" + length);
            }
            boolean highlight = random.nextBoolean();
            if (highlight) {
                own.add("'attributesToHighlight':['secret','name'],'attributesToSnippet':['secret']");
            }
            List<String> ownAttributes = random.nextBoolean() ? List.of("*") : List.of("name", "_geoloc");
            own.add("'attributesToRetrieve':" + quoted(ownAttributes));
            // the request's own area: the whole world, or around (40, 40), which keeps the odd objectIDs
            Area ownArea = Area.NONE;
            switch (random.nextInt(4)) {
                case 0 -> own.add("'insideBoundingBox':[[-90,-180,90,180]]");
                case 1 -> own.add("'insidePolygon':[[-80,-170,80,-170,80,170,-80,170]]");
                case 2 -> {
                    own.add("'aroundLatLng':'40,40','aroundRadius':1000");
                    ownArea = Area.NORTH_EAST;
                }
                default -> {}
            }
            String body = "{" + String.join(",", own) + "}";
            Reply reply = user.post("/1/indexes/" + index + "/query", jq(body));
            String context = where + ", search " + body;
            if (refused("search", reply, 403, context)) {
                return;
            }
            assertThat(reply.status()).as(context + ": " + reply).isEqualTo(200);
            Area area = embedded.area() != Area.NONE ? embedded.area() : ownArea;
            Set<String> visible = visible(area);
            int pageSize = keyPageSize() != null ? keyPageSize() : length != null ? length : hitsPerPage;
            int first = offset != null ? offset : 0;
            List<String> ids = new ArrayList<>();
            reply.body().get("hits").forEach(hit -> ids.add(hit.get("objectID").stringValue()));
            assertThat(reply.body().get("nbHits").asInt())
                    .as(context + ": nbHits; " + reply)
                    .isEqualTo(visible.size());
            assertThat(ids)
                    .as(context + ": hits; " + reply)
                    .hasSize(Math.max(0, Math.min(pageSize, visible.size() - first)));
            assertThat(visible).as(context + ": hits; " + reply).containsAll(ids);
            Set<String> retrieved = retrieved(ownAttributes);
            for (JsonNode hit : reply.body().get("hits")) {
                Set<String> shown = new TreeSet<>(hit.propertyNames());
                shown.removeAll(Set.of("_highlightResult", "_snippetResult"));
                assertThat(shown).as(context + ": attributes; " + hit).isEqualTo(retrieved);
                if (forcedAttributes() != null) {
                    assertThat(retrieved)
                            .as(context + ": highlighted and snippeted; " + hit)
                            .containsAll(hit.path("_highlightResult").propertyNames())
                            .containsAll(hit.path("_snippetResult").propertyNames());
                } else if (highlight) {
                    assertThat(hit.path("_highlightResult").propertyNames())
                            .as(context + ": highlighted; " + hit)
                            .containsExactlyInAnyOrder("secret", "name");
                }
            }
        }

        void read(int objectID) {
            Reply reply = user.get("/1/indexes/" + index + "/" + objectID + "?attributesToRetrieve=*");
            String context = where + ", read of record " + objectID;
            if (refused("search", reply, 403, context)) {
                return;
            }
            if (!visible(embedded.area()).contains(Integer.toString(objectID))) {
                assertThat(reply.status())
                        .as(context + ": outside the key's records; " + reply)
                        .isEqualTo(404);
                return;
            }
            assertThat(reply.status()).as(context + ": " + reply).isEqualTo(200);
            assertThat(new TreeSet<>(reply.body().propertyNames()))
                    .as(context + ": attributes; " + reply)
                    .isEqualTo(retrieved(List.of("*")));
        }

        void browse() {
            Reply reply = user.post("/1/indexes/" + index + "/browse", jq("{'insideBoundingBox':[[-90,-180,90,180]]}"));
            String context = where + ", browse";
            if (refused("browse", reply, 403, context)) {
                return;
            }
            assertThat(reply.status()).as(context + ": " + reply).isEqualTo(200);
            Set<String> visible = visible(embedded.area());
            List<String> ids = new ArrayList<>();
            reply.body().get("hits").forEach(hit -> ids.add(hit.get("objectID").stringValue()));
            assertThat(visible).as(context + ": hits; " + reply).containsAll(ids);
            for (JsonNode hit : reply.body().get("hits")) {
                assertThat(new TreeSet<>(hit.propertyNames()))
                        .as(context + ": attributes; " + hit)
                        .isEqualTo(retrieved(List.of("*")));
            }
        }

        void sendEventOrReadSettings(boolean event) {
            if (!event) {
                refusedOrOk("settings", user.get("/1/indexes/" + index + "/settings"), 403, where + ", settings");
                return;
            }
            String body = "{'events':[{'eventType':'view','eventName':'Seen','index':'" + index
                    + "','userToken':'u-1','objectIDs':['1']}]}";
            refusedOrOk("search", user.post("/1/events", jq(body)), 401, where + ", event");
        }

        private void refusedOrOk(String right, Reply reply, int refusal, String context) {
            if (!refused(right, reply, refusal, context)) {
                assertThat(reply.status()).as(context + ": " + reply).isEqualTo(200);
            }
        }

        /** {@return whether the call is refused, after checking that it is refused exactly when the oracle says} */
        private boolean refused(String right, Reply reply, int refusal, String context) {
            boolean allowed = parent.acl().contains(right)
                    && matchesAny(parent.indexes(), index)
                    && (embedded.indices() == null || matchesAny(embedded.indices(), index));
            if (allowed) {
                assertThat(reply.status()).as(context + ": allowed; " + reply).isNotEqualTo(refusal);
            } else {
                assertThat(reply.status()).as(context + ": refused; " + reply).isEqualTo(refusal);
            }
            return !allowed;
        }

        private Set<String> visible(Area area) {
            Set<String> ids = new TreeSet<>();
            for (int i = 0; i < RECORDS; i++) {
                if (embedded.owners().contains(owner(i)) && area.keeps(i)) {
                    ids.add(Integer.toString(i));
                }
            }
            return ids;
        }

        /** The parent's page size stays; the secured key's may make it smaller. */
        private Integer keyPageSize() {
            if (parent.hitsPerPage() == null) {
                return embedded.hitsPerPage();
            }
            return embedded.hitsPerPage() == null
                    ? parent.hitsPerPage()
                    : Math.min(parent.hitsPerPage(), embedded.hitsPerPage());
        }

        /** The parent's list stays; else the secured key's; else none. */
        private List<String> forcedAttributes() {
            return parent.attributes() != null ? parent.attributes() : embedded.attributes();
        }

        private Set<String> retrieved(List<String> asked) {
            List<String> names = forcedAttributes() != null ? forcedAttributes() : asked;
            Set<String> shown = new TreeSet<>(names.contains("*") ? ATTRIBUTES : Set.copyOf(names));
            shown.retainAll(ATTRIBUTES);
            shown.add("objectID");
            return shown;
        }
    }

    private static String owner(int objectID) {
        return OWNERS.get(objectID % OWNERS.size());
    }

    /** An empty list allows every index; {@code *} stands for any run of characters. */
    private static boolean matchesAny(List<String> patterns, String index) {
        return patterns.isEmpty() || patterns.stream().anyMatch(p -> glob(p, index));
    }

    private static boolean glob(String pattern, String text) {
        if (!pattern.contains("*")) {
            return pattern.equals(text);
        }
        int star = pattern.indexOf('*');
        String prefix = pattern.substring(0, star);
        String suffix = pattern.substring(star + 1);
        return text.length() >= prefix.length() + suffix.length() && text.startsWith(prefix) && text.endsWith(suffix);
    }

    private static String quoted(java.util.Collection<String> values) {
        return values.stream().map(v -> "'" + v + "'").collect(Collectors.joining(",", "[", "]"));
    }

    private static String encoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
