package io.quarry.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.FilterValue;
import io.quarry.core.InvalidRequestException;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerSettings;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Filter values of attributes whose names a path must encode, or could mistake for another call's. */
@ExtendWith(MockServerExtension.class)
@MockServerSettings(fixedClock = "2026-03-10T10:00:00Z")
class FilterValuesContractTest {

    private static final List<String> ATTRIBUTES = List.of("a/b", "x y", "é", "p+q", "50%", "noResults");

    @AutoClose
    private AnalyticsClient client;

    private AnalyticsIndex index;

    /** One search filtering on each attribute, each finding nothing (the record's values are all {@code v}). */
    @BeforeEach
    void searches(MockServer server) {
        client = AnalyticsClient.create(MockServerClients.config(server));
        index = client.index("odd");
        MockServerCalls service = new MockServerCalls(server);
        service.send(
                "PUT",
                "/1/indexes/odd/settings",
                "{'attributesForFaceting':['a/b','x y','é','p+q','50%','noResults']}");
        service.send("PUT", "/1/indexes/odd/r1", "{'a/b':'v','x y':'v','é':'v','p+q':'v','50%':'v','noResults':'v'}");
        for (int i = 0; i < ATTRIBUTES.size(); i++) {
            service.send(
                    "POST",
                    "/1/indexes/odd/query",
                    "{'query':'boot','userToken':'u" + i + "','facetFilters':['" + ATTRIBUTES.get(i) + ":w']}");
        }
    }

    @Test
    void attributeNamesArePathEncoded() {
        for (String attribute : ATTRIBUTES.subList(0, 5)) {
            assertThat(index.filterValues(List.of(attribute), AnalyticsQuery.of())
                            .values())
                    .containsExactly(new FilterValue(attribute, ":", "w", 1));
        }
        assertThat(index.filterValuesForSearch(List.of("noResults", "x y"), "boot", AnalyticsQuery.of())
                        .values())
                .containsExactlyInAnyOrder(
                        new FilterValue("noResults", ":", "w", 1), new FilterValue("x y", ":", "w", 1));
    }

    @Test
    void noResultsAloneIsRefusedRatherThanReadAsTheNoResultFilters() {
        assertThatThrownBy(() -> index.filterValuesForSearch(List.of("noResults"), "boot", AnalyticsQuery.of()))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("noResultFilters");
        assertThat(index.filterValuesAsync(List.of("noResults"), AnalyticsQuery.of()))
                .failsWithin(java.time.Duration.ofSeconds(10))
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withCauseInstanceOf(InvalidRequestException.class);
        assertThat(index.noResultFilters("boot", AnalyticsQuery.of()).values()).hasSize(ATTRIBUTES.size());
    }
}
