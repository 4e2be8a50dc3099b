package io.quarry.mockserver.internal.products.analytics;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Request;
import java.util.Comparator;
import java.util.function.Function;

/**
 * {@code orderBy} and {@code direction} of top searches: {@code searchCount} (default), or with click analytics
 * {@code clickThroughRate}, {@code conversionRate}, {@code averageClickPosition}; {@code desc} (default) or
 * {@code asc}. Rows without a value (null rates) come last either way; ties by search text.
 */
record SearchOrder(String orderBy, boolean ascending) {

    static SearchOrder of(Request request, boolean clickAnalytics) {
        String orderBy = request.query().getOrDefault("orderBy", "searchCount");
        String direction = request.query().getOrDefault("direction", "desc");
        if (!direction.equals("asc") && !direction.equals("desc")) {
            throw ApiException.badRequest("Invalid direction: expected asc or desc");
        }
        switch (orderBy) {
            case "searchCount" -> {}
            case "clickThroughRate", "conversionRate", "averageClickPosition" -> {
                if (!clickAnalytics) {
                    throw ApiException.badRequest("orderBy " + orderBy + " needs clickAnalytics=true");
                }
            }
            default ->
                throw ApiException.badRequest("Invalid orderBy: expected searchCount, clickThroughRate, "
                        + "conversionRate or averageClickPosition");
        }
        return new SearchOrder(orderBy, direction.equals("asc"));
    }

    Comparator<AnalyticsRoutes.Group> comparator() {
        Function<AnalyticsRoutes.Group, Double> value = switch (orderBy) {
            case "clickThroughRate" -> g -> g.metrics.clickThroughRate();
            case "conversionRate" -> g -> g.metrics.conversionRate();
            case "averageClickPosition" -> g -> g.metrics.averageClickPosition();
            default -> g -> (double) g.count;
        };
        Comparator<Double> numbers = ascending ? Comparator.naturalOrder() : Comparator.reverseOrder();
        return Comparator.comparing(value, Comparator.nullsLast(numbers)).thenComparing(g -> g.key);
    }
}
