package io.quarry.analytics.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/**
 * Each wither of a query sets one member; null leaves it to the service's default, as a query built without it.
 */
class AnalyticsQueryWithersTest {

    private static final AnalyticsQuery QUERY = AnalyticsQuery.between(
                    LocalDate.of(2026, 1, 1), LocalDate.of(2026, 1, 31))
            .tags(AnalyticsTags.tag("mobile"))
            .orderBy(SearchOrderBy.CLICK_THROUGH_RATE)
            .direction(OrderDirection.ASC);

    @Test
    void aNullLeavesTheMemberToTheServiceAsAQueryBuiltWithoutIt() {
        AnalyticsQuery unset =
                QUERY.startDate(null).endDate(null).tags(null).orderBy(null).direction(null);
        assertThat(unset)
                .isEqualTo(AnalyticsQuery.of())
                .isEqualTo(new AnalyticsQuery(null, null, null, null, null, null, null));
    }

    @Test
    void theOrderAndTheDirectionAreSetApart() {
        AnalyticsQuery ascending = AnalyticsQuery.of().direction(OrderDirection.ASC);
        assertThat(ascending.orderBy()).isNull();
        assertThat(ascending.direction()).isEqualTo(OrderDirection.ASC);

        AnalyticsQuery byRate = AnalyticsQuery.of().orderBy(SearchOrderBy.CONVERSION_RATE);
        assertThat(byRate.orderBy()).isEqualTo(SearchOrderBy.CONVERSION_RATE);
        assertThat(byRate.direction()).isNull();

        assertThat(byRate.direction(OrderDirection.ASC))
                .isEqualTo(ascending.orderBy(SearchOrderBy.CONVERSION_RATE))
                .isEqualTo(new AnalyticsQuery(
                        null, null, null, null, null, SearchOrderBy.CONVERSION_RATE, OrderDirection.ASC));
    }

    @Test
    void eachWitherKeepsTheOtherMembers() {
        assertThat(QUERY.limit(5).offset(10).direction(OrderDirection.DESC))
                .isEqualTo(new AnalyticsQuery(
                        LocalDate.of(2026, 1, 1),
                        LocalDate.of(2026, 1, 31),
                        AnalyticsTags.tag("mobile"),
                        5,
                        10,
                        SearchOrderBy.CLICK_THROUGH_RATE,
                        OrderDirection.DESC));
    }
}
