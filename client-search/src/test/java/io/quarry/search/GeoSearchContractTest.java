package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.InvalidRequestException;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerExtension.StatePolicy;
import io.quarry.mockserver.junit.MockServerSettings;
import io.quarry.search.model.Hit;
import io.quarry.search.model.RankingInfo;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Geo parameters from the typed methods to a strict mock server and back: coordinates go out exactly as the
 * doubles hold them, whatever the default locale; a box or polygon the service would refuse is refused before any
 * call; a typed polygon searches as the same one through {@code param}; the shapes without a typed method pass
 * through {@code param}; the hits' geo ranking info decodes, with the point of the record that matched.
 */
@ExtendWith(MockServerExtension.class)
// the places are written once, in @BeforeAll, for every test of the class: they only search them
@MockServerSettings(strict = true, state = StatePolicy.KEPT_ACROSS_CLASS)
class GeoSearchContractTest {

    // two points one bit apart in latitude: only an exact coordinate tells them apart
    private static final double EXACT_LAT = 0.1 + 0.2;
    private static final double EXACT_LNG = -179.99999999999997;

    @AutoClose
    private static SearchClient client;

    private static SearchIndex index;

    @BeforeAll
    static void seed(MockServer server) {
        client = SearchClient.create(MockServerClients.config(server));
        index = client.index("geo");
        index.saveObjects(
                List.of(
                        place("exact", EXACT_LAT, EXACT_LNG),
                        place("rounded", 0.3, EXACT_LNG),
                        place("paris", 48.8566, 2.3522),
                        place("versailles", 48.8049, 2.1204)),
                BatchOptions.of().waitingForTasks());
    }

    private static Map<String, Object> place(String id, double lat, double lng) {
        return Map.of("objectID", id, "_geoloc", Map.of("lat", lat, "lng", lng));
    }

    private static List<String> ids(SearchQuery query) {
        return index.search(query, FreeFormRecord.class).hits().stream()
                .map(hit -> hit.objectID().orElseThrow())
                .toList();
    }

    @Test
    void coordinatesGoOutExactlyWhateverTheLocale() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            SearchQuery point =
                    SearchQuery.of().insideBoundingBox(List.of(List.of(EXACT_LAT, EXACT_LNG, EXACT_LAT, EXACT_LNG)));
            assertThat(ids(point)).containsExactly("exact");
            assertThat(point.toParamString()).contains("0.30000000000000004").doesNotContain("0%2C3");
            assertThat(ids(SearchQuery.of()
                            .aroundLatLng(EXACT_LAT + "," + EXACT_LNG)
                            .aroundRadius(1)))
                    .containsExactly("exact", "rounded");
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void aBoxTheServiceWouldRefuseIsRefusedBeforeAnyCall() {
        List<Double> withNull = new ArrayList<>(List.of(1.0, 2.0, 3.0));
        withNull.add(null);
        List<List<Double>> nullBox = new ArrayList<>();
        nullBox.add(null);
        for (List<List<Double>> boxes : List.of(
                List.of(List.of(Double.NaN, 1.0, 2.0, 3.0)),
                List.of(List.of(1.0, Double.POSITIVE_INFINITY, 2.0, 3.0)),
                List.of(List.of(91.0, 1.0, 2.0, 3.0)),
                List.of(List.of(1.0, 2.0, 3.0, -180.5)),
                List.of(List.of(1.0, 2.0, 3.0)),
                List.of(withNull),
                nullBox,
                List.<List<Double>>of())) {
            assertThatThrownBy(() -> SearchQuery.of().insideBoundingBox(boxes))
                    .as(String.valueOf(boxes))
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("insideBoundingBox");
        }
        SearchQuery box = SearchQuery.of().insideBoundingBox(List.of(List.of(-90.0, -180.0, 90.0, 180.0)));
        assertThat(box.insideBoundingBox(null).params()).doesNotContainKey("insideBoundingBox");
        assertThat(SearchQuery.of().aroundPrecision(5).aroundPrecision(null).params())
                .doesNotContainKey("aroundPrecision");
    }

    @Test
    void aTypedPolygonSearchesAsTheSameOneThroughParam() {
        // concave: a notch cut up from the bottom edge leaves Versailles out
        List<Double> polygon = List.of(49.0, 2.0, 49.0, 2.5, 48.7, 2.5, 48.7, 2.3, 48.95, 2.15, 48.7, 2.0);
        SearchQuery typed = SearchQuery.of().insidePolygon(List.of(polygon));

        assertThat(ids(typed)).containsExactly("paris");
        assertThat(ids(SearchQuery.of().param("insidePolygon", List.of(polygon))))
                .containsExactly("paris");
        assertThat(typed.toParamString())
                .isEqualTo(SearchQuery.of()
                        .param("insidePolygon", List.of(polygon))
                        .toParamString());
        assertThat(typed.insidePolygon(null).params()).doesNotContainKey("insidePolygon");
    }

    @Test
    void aPolygonTheServiceWouldRefuseIsRefusedBeforeAnyCall() {
        List<Double> withNull = new ArrayList<>(List.of(1.0, 2.0, 3.0, 4.0, 5.0));
        withNull.add(null);
        List<List<Double>> nullPolygon = new ArrayList<>();
        nullPolygon.add(null);
        for (List<List<Double>> polygons : List.of(
                List.of(List.of(Double.NaN, 1.0, 2.0, 3.0, 4.0, 5.0)),
                List.of(List.of(1.0, 2.0, 3.0, Double.NEGATIVE_INFINITY, 4.0, 5.0)),
                List.of(List.of(1.0, 2.0, 3.0, 4.0, -90.5, 5.0)),
                List.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0, 180.5)),
                List.of(List.of(1.0, 2.0, 3.0, 4.0)),
                List.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0)),
                List.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0), withNull),
                nullPolygon,
                List.<List<Double>>of())) {
            assertThatThrownBy(() -> SearchQuery.of().insidePolygon(polygons))
                    .as(String.valueOf(polygons))
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageStartingWith("insidePolygon");
        }
        assertThat(SearchQuery.of()
                        .insidePolygon(List.of(List.of(-90.0, -180.0, 90.0, 180.0, 0.0, 0.0)))
                        .params())
                .containsKey("insidePolygon");
    }

    @Test
    void theMatchedPointOfARecordWithSeveralIsTyped() {
        SearchIndex several = client.index("geo-several");
        several.saveObjects(
                List.of(Map.of(
                        "objectID",
                        "both",
                        "_geoloc",
                        List.of(Map.of("lat", 48.8049, "lng", 2.1204), Map.of("lat", 48.8566, "lng", 2.3522)))),
                BatchOptions.of().waitingForTasks());
        SearchQuery nearParis = SearchQuery.of().aroundLatLng("48.85,2.35").getRankingInfo(true);

        RankingInfo info = several.search(nearParis, FreeFormRecord.class)
                .hits()
                .get(0)
                .rankingInfo()
                .orElseThrow();

        assertThat(info.matchedGeoLocation()).isNotNull();
        assertThat(info.matchedGeoLocation().lat()).isEqualTo(48.8566);
        assertThat(info.matchedGeoLocation().lng()).isEqualTo(2.3522);
        assertThat(info.matchedGeoLocation().distance())
                .isEqualTo(info.geoDistance())
                .isBetween(500, 1000);
        assertThat(several.search(SearchQuery.of().getRankingInfo(true), FreeFormRecord.class)
                        .hits()
                        .get(0)
                        .rankingInfo()
                        .orElseThrow()
                        .matchedGeoLocation())
                .as("no geo parameter applied")
                .isNull();
    }

    @Test
    void anUnlimitedRadiusPassesThroughParam() {
        List<Hit<FreeFormRecord>> hits = index.search(
                        SearchQuery.of()
                                .aroundLatLng("48.8566,2.3522")
                                .param("aroundRadius", "all")
                                .aroundPrecision(1000)
                                .getRankingInfo(true),
                        FreeFormRecord.class)
                .hits();
        assertThat(hits).hasSize(4);
        assertThat(hits.get(1).objectID()).contains("versailles");
        assertThat(hits.get(1).rankingInfo()).hasValueSatisfying(info -> {
            assertThat(info.geoDistance()).isBetween(16_000, 18_000);
            assertThat(info.geoPrecision()).isEqualTo(1000);
        });
    }
}
