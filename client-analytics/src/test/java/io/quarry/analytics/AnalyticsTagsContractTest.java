package io.quarry.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.AnalyticsTags;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerSettings;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.time.LocalDate;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Tags expressions as the client writes them, read by the mock server against the tags searches were made with. */
@ExtendWith(MockServerExtension.class)
@MockServerSettings(fixedClock = "2026-03-10T10:00:00Z")
class AnalyticsTagsContractTest {

    private static final AnalyticsQuery TODAY =
            AnalyticsQuery.between(LocalDate.of(2026, 3, 10), LocalDate.of(2026, 3, 10));

    @AutoClose
    private AnalyticsClient client;

    private AnalyticsIndex index;

    @BeforeEach
    void searches(MockServer server) {
        client = AnalyticsClient.create(MockServerClients.config(server));
        index = client.index("tagged");
        MockServerCalls service = new MockServerCalls(server);
        service.send("PUT", "/1/indexes/tagged/r1", "{'name':'shoe'}");
        service.send("POST", "/1/indexes/tagged/query", "{'query':'shoe','userToken':'a','analyticsTags':['t59']}");
        service.send(
                "POST", "/1/indexes/tagged/query", "{'query':'shoe','userToken':'b','analyticsTags':['t0','t1','t2']}");
    }

    @Test
    void anExpressionBuiltOneTagAtATimeStaysFlat() {
        AnalyticsTags anyOfSixty = AnalyticsTags.tag("t0");
        for (int i = 1; i < 60; i++) {
            anyOfSixty = anyOfSixty.or(AnalyticsTags.tag("t" + i));
        }
        assertThat(index.searchesCount(TODAY.tags(anyOfSixty)).count()).isEqualTo(2);

        AnalyticsTags allOfThree = AnalyticsTags.tag("t0");
        for (int i = 1; i < 3; i++) {
            allOfThree = allOfThree.and(AnalyticsTags.tag("t" + i));
        }
        assertThat(index.searchesCount(TODAY.tags(allOfThree)).count()).isEqualTo(1);
    }
}
