package io.quarry.mockserver.internal.products.usage;

import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Route;
import java.util.ArrayList;
import java.util.List;

/**
 * Which statistics one answer of a route adds 1 to, read from the operation and kind of work the route declares:
 * the operation's own statistic, its group's total, {@code total_search_requests} for search requests, read or
 * write, and {@code total_operations}.
 */
final class UsageStatistics {

    private UsageStatistics() {}

    /**
     * {@return the statistics it counts in; empty for a route usage does not count}
     *
     * @param route an answered route
     */
    static List<String> of(Route route) {
        Operation operation = route.operation();
        String groupTotal = switch (operation.group()) {
            case NOT_COUNTED, INSIGHTS, ANSWERS -> null;
            case SEARCH -> "total_search_operations";
            case RECORDS -> "total_records_operations";
            case INDEXING -> "total_indexing_operations";
            case SYNONYMS -> "total_synonym_operations";
            case RULES -> "total_rules_operations";
            case ACL -> "total_acl_operations";
        };
        List<String> names = new ArrayList<>();
        if (operation.statistic() != null) {
            names.add(operation.statistic());
        }
        if (operation.group() == Operation.Group.ANSWERS) {
            names.add("total_operations");
        }
        if (groupTotal == null) {
            return names;
        }
        names.add(groupTotal);
        if (operation.searchRequest()) {
            names.add("total_search_requests");
        }
        names.add(route.work().writes() ? "total_write_operations" : "total_read_operations");
        names.add("total_operations");
        return names;
    }
}
