package io.quarry.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.analytics.model.AnalyticsQuery;
import io.quarry.analytics.model.AnalyticsTags;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** Tags expressions are written with the parentheses their structure needs; queries check their values. */
class AnalyticsTagsTest {

    @Test
    void writesOperatorsAndParentheses() {
        assertThat(AnalyticsTags.tag("mobile").toString()).isEqualTo("mobile");
        assertThat(AnalyticsTags.anyOf("ios", "android").toString()).isEqualTo("ios OR android");
        assertThat(AnalyticsTags.allOf("mobile", "fr")
                        .or(AnalyticsTags.tag("web"))
                        .toString())
                .isEqualTo("(mobile AND fr) OR web");
        assertThat(AnalyticsTags.anyOf("a", "b")
                        .and(AnalyticsTags.anyOf("c", "d"))
                        .toString())
                .isEqualTo("(a OR b) AND (c OR d)");
        assertThat(AnalyticsTags.tag("a")
                        .or(AnalyticsTags.tag("b"))
                        .or(AnalyticsTags.anyOf("c", "d"))
                        .toString())
                .isEqualTo("a OR b OR c OR d");
        assertThat(AnalyticsTags.allOf("a", "b")
                        .and(AnalyticsTags.tag("c").or(AnalyticsTags.tag("d")))
                        .and(AnalyticsTags.tag("e"))
                        .toString())
                .isEqualTo("a AND b AND (c OR d) AND e");
    }

    @Test
    void refusesTagsTheExpressionCannotName() {
        assertThatThrownBy(() -> AnalyticsTags.tag("two words")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AnalyticsTags.tag("(x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AnalyticsTags.tag("OR")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AnalyticsTags.anyOf()).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void queriesCheckTheirRangeAndPage() {
        assertThatThrownBy(() -> AnalyticsQuery.between(LocalDate.of(2026, 2, 1), LocalDate.of(2026, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AnalyticsQuery.of().endDate(LocalDate.of(10_000, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("YYYY-MM-DD");
        assertThatThrownBy(() -> AnalyticsQuery.of().startDate(LocalDate.of(-1, 12, 31)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(QueryParameters.range(AnalyticsQuery.between(LocalDate.of(0, 1, 1), LocalDate.of(9999, 12, 31))))
                .containsEntry("startDate", "0000-01-01")
                .containsEntry("endDate", "9999-12-31");
        assertThatThrownBy(() -> AnalyticsQuery.of().limit(1001)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AnalyticsQuery.of().offset(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(QueryParameters.page(AnalyticsQuery.between(LocalDate.of(2026, 1, 1), LocalDate.of(2026, 1, 31))
                        .limit(5)))
                .containsEntry("startDate", "2026-01-01")
                .containsEntry("endDate", "2026-01-31")
                .containsEntry("limit", "5");
    }
}
