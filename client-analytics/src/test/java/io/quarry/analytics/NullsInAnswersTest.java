package io.quarry.analytics;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.TopSearch;
import io.quarry.testsupport.WireMockClients;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Answers without a list of rows, or with null rows: read as no rows, never a bare NPE. */
class NullsInAnswersTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final AnalyticsClient client = AnalyticsClient.create(WireMockClients.config(WM));

    private final AnalyticsIndex products = client.index("products");

    @Test
    void aMissingOrNullListIsEmptyWhetherReadOnceOrBrowsed() {
        stub("/2/hits", "{}");
        stub("/2/searches/count", "{\"count\":3,\"dates\":null}");
        stub("/2/countries", "{\"countries\":null}");

        assertThat(products.browseTopHits(AnalyticsQuery.of()).toList()).isEmpty();
        assertThat(products.browseTopHitsWithClickAnalytics(AnalyticsQuery.of()).toList())
                .isEmpty();
        assertThat(products.topHits(AnalyticsQuery.of()).hits()).isEmpty();
        assertThat(products.searchesCount(AnalyticsQuery.of()).dates()).isEmpty();
        assertThat(products.countries(AnalyticsQuery.of()).countries()).isEmpty();
    }

    @Test
    void nullRowsAreLeftOut() {
        stub("/2/searches", "{\"searches\":[null,{\"search\":\"shoe\",\"count\":2,\"nbHits\":5},null]}");

        assertThat(products.topSearches(AnalyticsQuery.of()).searches()).containsExactly(new TopSearch("shoe", 2, 5));
        assertThat(products.browseTopSearches(AnalyticsQuery.of().limit(3)).toList())
                .containsExactly(new TopSearch("shoe", 2, 5));
    }

    private static void stub(String path, String body) {
        WM.stubFor(get(urlPathEqualTo(path)).willReturn(okJson(body)));
    }
}
