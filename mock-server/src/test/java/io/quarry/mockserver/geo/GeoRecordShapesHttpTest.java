package io.quarry.mockserver.geo;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Records whose {@code _geoloc} has the wrong shape (a string, a point without {@code lng}, numbers off the globe
 * or in notations only Java reads, an empty or long list) are written and found by text like any other; geo
 * searches skip their unusable points, keep their usable ones, and return {@code _geoloc} as it was sent.
 */
class GeoRecordShapesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    void oddGeolocShapesIndexAndOnlyUsablePointsAreFound() {
        ArrayNode requests = JsonNodeFactory.instance.arrayNode();
        String[] odd = {
            "'48.85,2.35'",
            "{'lat':48.85}",
            "{'lat':'NaN','lng':2.35}",
            "{'lat':1000,'lng':2.35}",
            "{'lat':48.85,'lng':-181}",
            "{'lat':'0x1p3','lng':'5d'}",
            "[]",
            "[[48.85,2.35]]",
            "42",
            "{'lat':true,'lng':2}"
        };
        for (int i = 0; i < odd.length; i++) {
            add(requests, "{'objectID':'odd" + i + "','title':'place','_geoloc':" + odd[i] + "}");
        }
        add(requests, "{'objectID':'paris','title':'place','_geoloc':{'lat':'48.8566','lng':' 2.3522 '}}");
        StringBuilder many = new StringBuilder("[{'lat':'x'}");
        for (int i = 0; i < 5_000; i++) {
            many.append(",{'lat':")
                    .append(-60 + i % 120)
                    .append(",'lng':")
                    .append(-170 + i % 340)
                    .append('}');
        }
        add(requests, "{'objectID':'many','title':'place','_geoloc':" + many + ",{'lat':48.86,'lng':2.36}]}");
        Reply written = client.post("/1/indexes/odd/batch", "{\"requests\":" + requests + "}");
        assertThat(written.status()).as(written.toString()).isEqualTo(200);

        assertThat(client.post("/1/indexes/odd/query", jq("{'query':'place','hitsPerPage':100}"))
                        .body()
                        .get("nbHits")
                        .asInt())
                .isEqualTo(odd.length + 2);
        Reply near = client.post(
                "/1/indexes/odd/query",
                jq("{'aroundLatLng':'48.8566,2.3522','aroundRadius':5000,'getRankingInfo':true}"));
        assertThat(near.hitIds()).containsExactly("paris", "many");
        assertThat(near.body()
                        .get("hits")
                        .get(1)
                        .get("_rankingInfo")
                        .get("matchedGeoLocation")
                        .get("lat")
                        .asDouble())
                .isEqualTo(48.86);
        assertThat(client.post("/1/indexes/odd/query", jq("{'insideBoundingBox':'-90,-180,90,180'}"))
                        .hitIds())
                .containsExactlyInAnyOrder("paris", "many");

        Reply stored = client.get("/1/indexes/odd/odd3");
        assertThat(stored.body().get("_geoloc").get("lat").asInt()).isEqualTo(1000);
    }

    private static void add(ArrayNode requests, String record) {
        ObjectNode request = requests.addObject().put("action", "addObject");
        request.set("body", TestClient.json(jq(record)));
    }
}
