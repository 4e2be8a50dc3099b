package io.quarry.insights.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InsightsEventTest {

    @Test
    void eachWitherSetsItsMemberAndKeepsTheOthers() {
        InsightsEvent event = InsightsEvent.conversion("Bought", "products", "user-1")
                .objectIDs(List.of("sku-1"))
                .positions(List.of(3))
                .queryID("0123456789abcdef0123456789abcdef")
                .timestamp(Instant.ofEpochMilli(1_700_000_000_000L))
                .subtype(EventSubtype.PURCHASE)
                .authenticatedUserToken("signed-in")
                .objectData(List.of(Map.of("price", 9.5)))
                .currency("EUR")
                .value(9.5);

        assertThat(event)
                .isEqualTo(new InsightsEvent(
                        EventType.CONVERSION,
                        EventSubtype.PURCHASE,
                        "Bought",
                        "products",
                        "user-1",
                        "signed-in",
                        Instant.ofEpochMilli(1_700_000_000_000L),
                        "0123456789abcdef0123456789abcdef",
                        List.of("sku-1"),
                        null,
                        List.of(3),
                        List.of(Map.of("price", 9.5)),
                        "EUR",
                        9.5));
        assertThat(event.timestamp(null).timestamp()).isNull();
    }

    @Test
    void anInstantBeyondEpochMillisecondsIsATypedError() {
        InsightsEvent event = InsightsEvent.view("Seen", "products", "user-1");
        assertThatThrownBy(() -> event.timestamp(Instant.MAX))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining(Instant.MAX.toString());
        assertThatThrownBy(() -> event.timestamp(Instant.MIN)).isInstanceOf(InvalidRequestException.class);
        assertThat(event.timestamp(Instant.ofEpochMilli(Long.MAX_VALUE)).timestamp())
                .isEqualTo(Instant.ofEpochMilli(Long.MAX_VALUE));
    }

    @Test
    void recordsAndFiltersReplaceEachOther() {
        InsightsEvent onRecords = InsightsEvent.click("Clicked", "products", "user-1")
                .filters(List.of("brand:acme"))
                .objectIDs(List.of("sku-1"));
        assertThat(onRecords.objectIDs()).containsExactly("sku-1");
        assertThat(onRecords.filters()).isNull();

        InsightsEvent onFilters = onRecords.filters(List.of("brand:acme"));
        assertThat(onFilters.filters()).containsExactly("brand:acme");
        assertThat(onFilters.objectIDs()).isNull();
        assertThat(onFilters.eventType()).isEqualTo(EventType.CLICK);
    }
}
