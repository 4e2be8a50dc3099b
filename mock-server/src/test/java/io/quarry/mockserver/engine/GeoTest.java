package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class GeoTest {

    // Paris, Versailles (~17 km), Lyon (~390 km), a record with two points, one without any.
    private final Fixture fixture = new Fixture()
            .records(
                    "{'objectID':'lyon','_geoloc':{'lat':45.764,'lng':4.8357}}",
                    "{'objectID':'versailles','_geoloc':{'lat':48.8049,'lng':2.1204}}",
                    "{'objectID':'paris','_geoloc':{'lat':48.8566,'lng':2.3522}}",
                    "{'objectID':'both','_geoloc':[{'lat':45.76,'lng':4.83},{'lat':48.85,'lng':2.35}]}",
                    "{'objectID':'nowhere','title':'x'}");

    @Test
    void ranksByDistanceAndLimitsToTheRadius() {
        assertThat(fixture.ids("{'aroundLatLng':'48.8566, 2.3522'}"))
                .containsExactly("paris", "both", "versailles", "lyon");
        assertThat(fixture.ids("{'aroundLatLng':'48.8566,2.3522','aroundRadius':20000}"))
                .containsExactly("paris", "both", "versailles");
        assertThat(fixture.ids("{'aroundLatLng':'48.8566,2.3522','aroundRadius':'all'}"))
                .hasSize(4);
        JsonNode info = fixture.search("{'aroundLatLng':'48.8566,2.3522','getRankingInfo':true}")
                .get("hits")
                .get(2)
                .get("_rankingInfo");
        assertThat(info.get("geoDistance").asInt()).isBetween(16000, 18000);
        assertThat(info.get("geoPrecision").asInt()).isEqualTo(10);
        assertThat(info.get("matchedGeoLocation").get("lat").asDouble()).isEqualTo(48.8049);
    }

    @Test
    void boundingBoxesAndPolygonsRestrictToAreas() {
        assertThat(fixture.ids("{'insideBoundingBox':[[49.0,2.0,48.7,2.5]]}"))
                .containsExactly("versailles", "paris", "both");
        assertThat(fixture.ids("{'insideBoundingBox':'46,4,45,5'}")).containsExactly("lyon", "both");
        assertThat(fixture.ids("{'insidePolygon':[[46,4,46,5,45,5,45,4]]}")).containsExactly("lyon", "both");
        assertThat(fixture.ids(
                        "{'insideBoundingBox':'46,4,45,5','aroundLatLng':'48.8566,2.3522'," + "'aroundRadius':1}"))
                .containsExactly("lyon", "both");
    }

    @Test
    void aBoxReachingTheAntimeridianHoldsPointsWrittenOnItsOtherSide() {
        // corners whose differences round: the edge is compared as given, not through arithmetic
        Fixture dateLine = new Fixture()
                .records(
                        "{'objectID':'west','_geoloc':{'lat':-20,'lng':-180}}",
                        "{'objectID':'east','_geoloc':{'lat':-30,'lng':180}}");
        assertThat(dateLine.ids("{'insideBoundingBox':[[90,168.54456803112126,-37.09393087004281,180]]}"))
                .containsExactly("west", "east");
        assertThat(dateLine.ids("{'insideBoundingBox':[[-27.156158742459304,-180,-48.598303107322835,"
                        + "175.5207679899805]]}"))
                .containsExactly("east");
        assertThat(dateLine.ids("{'insideBoundingBox':[[-10,-180,-40,-170.3]]}"))
                .containsExactly("west", "east");
    }

    @Test
    void rejectsMalformedGeoParameters() {
        assertThatThrownBy(() -> fixture.search("{'aroundLatLng':'48.8'}")).isInstanceOf(EngineException.class);
        assertThatThrownBy(() -> fixture.search("{'insideBoundingBox':'1,2,3'}"))
                .isInstanceOf(EngineException.class);
        assertThatThrownBy(() -> fixture.search("{'insidePolygon':[[1,2,3,4]]}"))
                .isInstanceOf(EngineException.class);
        assertThatThrownBy(() -> fixture.search("{'aroundLatLng':'a,b'}")).isInstanceOf(EngineException.class);
    }

    @Test
    void deleteByQueryAcceptsGeoFilters() {
        assertThat(fixture.engine.matchingObjectIDs(
                        fixture.data, fixture.config(), Fixture.json("{'insideBoundingBox':'46,4,45,5'}")))
                .containsExactly("lyon", "both");
    }
}
