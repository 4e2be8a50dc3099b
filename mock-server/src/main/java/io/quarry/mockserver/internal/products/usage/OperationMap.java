package io.quarry.mockserver.internal.products.usage;

import io.quarry.mockserver.internal.http.Route;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which statistics an answered route counts: its own operation name, its group's total, the search-request
 * total for searches, read or write, and {@code total_operations}. Routes not listed count nothing (the mock
 * server's own endpoints, monitoring and usage reads).
 */
final class OperationMap {

    private enum Kind {
        READ,
        WRITE
    }

    private static final String SEARCH = "total_search_operations";
    private static final String ACL = "total_acl_operations";
    private static final String INDEXING = "total_indexing_operations";
    private static final String RECORDS = "total_records_operations";
    private static final String SYNONYMS = "total_synonym_operations";
    private static final String RULES = "total_rules_operations";

    private static final Map<String, List<String>> BY_ROUTE = new HashMap<>();

    static {
        searchRequest("POST /1/indexes/{indexName}/query", "queries_operations");
        searchRequest("GET /1/indexes/{indexName}", "queries_operations");
        searchRequest("POST /1/indexes/*/queries", "multi_queries_operations");
        add("POST /1/indexes/{indexName}/facets/{facetName}/query", null, SEARCH, Kind.READ);

        add("POST /1/indexes/{indexName}", "add_record_operations", RECORDS, Kind.WRITE);
        add("PUT /1/indexes/{indexName}/{objectID}", "update_record_operations", RECORDS, Kind.WRITE);
        add("DELETE /1/indexes/{indexName}/{objectID}", "delete_record_operations", RECORDS, Kind.WRITE);
        add("POST /1/indexes/{indexName}/deleteByQuery", "delete_by_query_operations", RECORDS, Kind.WRITE);
        add("POST /1/indexes/{indexName}/{objectID}/partial", "partial_update_record_operations", RECORDS, Kind.WRITE);
        add("POST /1/indexes/{indexName}/batch", "batch_operations", RECORDS, Kind.WRITE);
        add("POST /1/indexes/*/batch", "batch_operations", RECORDS, Kind.WRITE);
        add("GET /1/indexes/{indexName}/{objectID}", "get_record_operations", RECORDS, Kind.READ);
        add("POST /1/indexes/*/objects", "get_record_operations", RECORDS, Kind.READ);

        add("POST /1/indexes/{indexName}/browse", "browse_operations", INDEXING, Kind.READ);
        add("GET /1/indexes/{indexName}/browse", "browse_operations", INDEXING, Kind.READ);
        add("POST /1/indexes/{indexName}/clear", "clear_index_operations", INDEXING, Kind.WRITE);
        add("POST /1/indexes/{indexName}/operation", "copy_move_operations", INDEXING, Kind.WRITE);
        add("DELETE /1/indexes/{indexName}", "delete_index_operations", INDEXING, Kind.WRITE);
        add("GET /1/logs", "get_log_operations", INDEXING, Kind.READ);
        add("GET /1/indexes/{indexName}/settings", "get_settings_operations", INDEXING, Kind.READ);
        add("PUT /1/indexes/{indexName}/settings", "set_settings_operations", INDEXING, Kind.WRITE);
        add("GET /1/indexes", "list_indices_operations", INDEXING, Kind.READ);
        add("GET /1/indexes/{indexName}/task/{taskID}", "wait_task_operations", INDEXING, Kind.READ);
        add("GET /1/task/{taskID}", "wait_task_operations", INDEXING, Kind.READ);

        add("PUT /1/indexes/{indexName}/synonyms/{objectID}", "update_synonym_operations", SYNONYMS, Kind.WRITE);
        add("POST /1/indexes/{indexName}/synonyms/batch", "batch_synonym_operations", SYNONYMS, Kind.WRITE);
        add("GET /1/indexes/{indexName}/synonyms/{objectID}", "get_synonym_operations", SYNONYMS, Kind.READ);
        add("DELETE /1/indexes/{indexName}/synonyms/{objectID}", "delete_synonym_operations", SYNONYMS, Kind.WRITE);
        add("POST /1/indexes/{indexName}/synonyms/clear", "clear_synonym_operations", SYNONYMS, Kind.WRITE);
        add("POST /1/indexes/{indexName}/synonyms/search", "query_synonym_operations", SYNONYMS, Kind.READ);

        add("PUT /1/indexes/{indexName}/rules/{objectID}", "save_rules_operations", RULES, Kind.WRITE);
        add("POST /1/indexes/{indexName}/rules/batch", "batch_rules_operations", RULES, Kind.WRITE);
        add("GET /1/indexes/{indexName}/rules/{objectID}", "get_rules_operations", RULES, Kind.READ);
        add("DELETE /1/indexes/{indexName}/rules/{objectID}", "delete_rules_operations", RULES, Kind.WRITE);
        add("POST /1/indexes/{indexName}/rules/clear", "clear_rules_operations", RULES, Kind.WRITE);
        add("POST /1/indexes/{indexName}/rules/search", "search_rules_operations", RULES, Kind.READ);

        add("POST /1/keys", "add_api_key_operations", ACL, Kind.WRITE);
        add("PUT /1/keys/{key}", "update_api_key_operations", ACL, Kind.WRITE);
        add("GET /1/keys", "list_api_key_operations", ACL, Kind.READ);
        add("GET /1/keys/{key}", "get_api_key_operations", ACL, Kind.READ);
        add("DELETE /1/keys/{key}", "delete_api_key_operations", ACL, Kind.WRITE);
        add("POST /1/keys/{key}/restore", "add_api_key_operations", ACL, Kind.WRITE);
        add("POST /1/indexes/{indexName}/keys", "add_api_key_operations", ACL, Kind.WRITE);
        add("PUT /1/indexes/{indexName}/keys/{key}", "update_api_key_operations", ACL, Kind.WRITE);
        add("GET /1/indexes/{indexName}/keys", "get_api_keys_operations", ACL, Kind.READ);
        add("GET /1/indexes/*/keys", "get_api_keys_operations", ACL, Kind.READ);
        add("GET /1/indexes/{indexName}/keys/{key}", "get_api_key_operations", ACL, Kind.READ);
        add("DELETE /1/indexes/{indexName}/keys/{key}", "delete_api_key_operations", ACL, Kind.WRITE);

        BY_ROUTE.put("POST /1/events", List.of("insights_operations"));
        BY_ROUTE.put("POST /1/answers/{indexName}/prediction", List.of("total_answers_requests", "total_operations"));
    }

    private OperationMap() {}

    private static void searchRequest(String route, String name) {
        add(route, name, SEARCH, Kind.READ);
        BY_ROUTE.get(route).add("total_search_requests");
    }

    private static void add(String route, String name, String total, Kind kind) {
        List<String> names = new ArrayList<>();
        if (name != null) {
            names.add(name);
        }
        names.add(total);
        names.add(kind == Kind.READ ? "total_read_operations" : "total_write_operations");
        names.add("total_operations");
        BY_ROUTE.put(route, names);
    }

    /** @return the statistics one answer of the route adds 1 to; empty for routes not counted */
    static List<String> statisticsOf(Route route) {
        return BY_ROUTE.getOrDefault(route.method() + " " + route.template(), List.of());
    }

    /** @return whether the route is a search, whose processing time and rate usage measures */
    static boolean isSearch(Route route) {
        return statisticsOf(route).contains("total_search_requests")
                || (route.method() + " " + route.template())
                        .equals("POST /1/indexes/{indexName}/facets/{facetName}/query");
    }
}
