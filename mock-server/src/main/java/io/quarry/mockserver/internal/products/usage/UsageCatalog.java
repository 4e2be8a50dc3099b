package io.quarry.mockserver.internal.products.usage;

import io.quarry.mockserver.internal.http.ApiException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Every statistic name the usage API knows, at application and index level, and the groupings. */
final class UsageCatalog {

    static final List<String> ACL = List.of(
            "get_api_key_operations",
            "get_api_keys_operations",
            "add_api_key_operations",
            "update_api_key_operations",
            "delete_api_key_operations",
            "list_api_key_operations");
    static final List<String> INDEXING = List.of(
            "browse_operations",
            "clear_index_operations",
            "copy_move_operations",
            "delete_index_operations",
            "get_log_operations",
            "get_settings_operations",
            "set_settings_operations",
            "list_indices_operations",
            "wait_task_operations");
    static final List<String> RULES = List.of(
            "batch_rules_operations",
            "clear_rules_operations",
            "delete_rules_operations",
            "get_rules_operations",
            "save_rules_operations",
            "search_rules_operations");
    static final List<String> SEARCH = List.of("queries_operations", "multi_queries_operations");
    static final List<String> RECORDS = List.of(
            "add_record_operations",
            "batch_operations",
            "delete_by_query_operations",
            "delete_record_operations",
            "get_record_operations",
            "partial_update_record_operations",
            "update_record_operations");
    static final List<String> SYNONYMS = List.of(
            "batch_synonym_operations",
            "clear_synonym_operations",
            "delete_synonym_operations",
            "get_synonym_operations",
            "query_synonym_operations",
            "update_synonym_operations");
    static final List<String> TOTALS = List.of(
            "total_search_operations",
            "total_search_requests",
            "total_answers_requests",
            "total_recommend_requests",
            "total_acl_operations",
            "total_indexing_operations",
            "total_records_operations",
            "total_synonym_operations",
            "total_rules_operations",
            "total_write_operations",
            "total_read_operations",
            "total_operations");
    static final List<String> PROCESSING = List.of(
            "avg_processing_time",
            "90p_processing_time",
            "99p_processing_time",
            "queries_above_last_ms_processing_time");
    static final List<String> INDICES = List.of("records", "data_size", "file_size");
    static final List<String> CAPACITY = List.of(
            "max_qps",
            "region_max_qps",
            "total_max_qps",
            "used_search_capacity",
            "avg_used_search_capacity",
            "region_used_search_capacity",
            "region_avg_used_search_capacity",
            "total_used_search_capacity",
            "total_avg_used_search_capacity",
            "degraded_queries_ssd_used_queries_impacted",
            "degraded_queries_ssd_used_seconds_impacted",
            "degraded_queries_max_capacity_queries_impacted",
            "degraded_queries_max_capacity_seconds_impacted");

    /** Application-level names that are not offered per index. */
    private static final Set<String> APPLICATION_ONLY = Set.of(
            "list_api_key_operations",
            "total_search_requests",
            "querysuggestions_total_search_requests",
            "total_answers_requests",
            "total_recommend_requests",
            "insights_operations");

    private static final Map<String, List<String>> GROUP_MEMBERS = Map.of(
            "search_operations", concat(SEARCH, List.of("total_search_operations", "total_search_requests")),
            "acl_operations", concat(ACL, List.of("total_acl_operations")),
            "indexing_operations", concat(INDEXING, List.of("total_indexing_operations")),
            "record_operations", concat(RECORDS, List.of("total_records_operations")),
            "synonym_operations", concat(SYNONYMS, List.of("total_synonym_operations")),
            "rule_operations", concat(RULES, List.of("total_rules_operations")));

    private static final List<String> APPLICATION = application();
    private static final List<String> INDEX = index();

    private UsageCatalog() {}

    private static List<String> application() {
        List<String> names = new ArrayList<>();
        names.addAll(ACL);
        names.addAll(INDEXING);
        names.addAll(RULES);
        names.addAll(TOTALS);
        TOTALS.stream()
                .filter(n -> !n.contains("answers") && !n.contains("recommend"))
                .forEach(n -> names.add("querysuggestions_" + n));
        names.addAll(PROCESSING);
        names.addAll(INDICES);
        names.addAll(CAPACITY);
        names.add("insights_operations");
        return List.copyOf(names);
    }

    private static List<String> index() {
        List<String> names = new ArrayList<>();
        application().stream()
                .filter(n -> !APPLICATION_ONLY.contains(n) && !CAPACITY.contains(n))
                .forEach(names::add);
        names.addAll(SEARCH);
        names.addAll(RECORDS);
        names.addAll(SYNONYMS);
        return List.copyOf(names);
    }

    /**
     * {@return the statistic names asked for, in the order asked}
     *
     * @param spec one name, comma-separated names or a grouping
     * @param perIndex whether the index-level names apply
     * @throws ApiException 422 naming the first statistic that is not known at that level
     */
    static List<String> expand(String spec, boolean perIndex) {
        List<String> known = perIndex ? INDEX : APPLICATION;
        Set<String> names = new LinkedHashSet<>();
        // names are taken as written: a trimmed one would be answered under a name the caller did not ask for
        for (String name : spec.split(",", -1)) {
            if (name.equals("*")) {
                names.addAll(known);
            } else if (GROUP_MEMBERS.containsKey(name)) {
                GROUP_MEMBERS.get(name).stream().filter(known::contains).forEach(names::add);
            } else if (known.contains(name)) {
                names.add(name);
            } else {
                throw new ApiException(
                        422,
                        "Unknown statistic: " + name
                                + (perIndex && APPLICATION.contains(name) ? " (not offered per index)" : ""));
            }
        }
        return List.copyOf(names);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }
}
