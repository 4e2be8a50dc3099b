package io.quarry.analytics.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/**
 * Each wither of a query sets one member to a value: a null is refused naming the parameter, and a default is had by
 * building the query without the member.
 */
class AnalyticsQueryWithersTest {

    private static final AnalyticsQuery QUERY = AnalyticsQuery.between(
                    LocalDate.of(2026, 1, 1), LocalDate.of(2026, 1, 31))
            .tags(AnalyticsTags.tag("mobile"))
            .orderBy(SearchOrderBy.CLICK_THROUGH_RATE)
            .direction(OrderDirection.ASC);

    @Test
    void aNullIsRefusedNamingTheParameter() {
        assertThatNullPointerException().isThrownBy(() -> QUERY.startDate(null)).withMessage("startDate");
        assertThatNullPointerException().isThrownBy(() -> QUERY.endDate(null)).withMessage("endDate");
        assertThatNullPointerException().isThrownBy(() -> QUERY.tags(null)).withMessage("tags");
        assertThatNullPointerException().isThrownBy(() -> QUERY.orderBy(null)).withMessage("orderBy");
        assertThatNullPointerException().isThrownBy(() -> QUERY.direction(null)).withMessage("direction");
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
