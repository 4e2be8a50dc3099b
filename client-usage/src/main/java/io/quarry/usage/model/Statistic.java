package io.quarry.usage.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A usage statistic or a grouping of statistics, by the name the service uses. Every statistic the service
 * documents is a constant; {@link #of(String)} also accepts names it does not know, so a statistic the service
 * adds later can be asked for and read back.
 *
 * <p>Counts are per point; processing times are milliseconds; {@code max_qps}, {@code region_*},
 * {@code used_search_capacity} and {@code degraded_queries_*} are maps per server (or per region) rather than one
 * number. Some statistics exist only for the application (capacity, queries per second, degraded queries,
 * {@code total_search_requests}, answers, recommendation, insights, {@code list_api_key_operations}), some only
 * per index (queries, multi-queries, record and synonym operations).
 */
public final class Statistic {

    private static final Map<String, Statistic> KNOWN = new LinkedHashMap<>();
    private static final Set<String> GROUPINGS = Set.of(
            "*",
            "search_operations",
            "acl_operations",
            "indexing_operations",
            "record_operations",
            "synonym_operations",
            "rule_operations");

    // Groupings (each expands to several statistics)
    /** {@code *}: every statistic offered at that level. */
    public static final Statistic ALL = known("*");
    /** {@code search_operations}: searches: queries, multi-queries and the search totals. */
    public static final Statistic SEARCH_OPERATIONS = known("search_operations");
    /** {@code acl_operations}: API key operations and their total. */
    public static final Statistic ACL_OPERATIONS = known("acl_operations");
    /** {@code indexing_operations}: index administration operations and their total. */
    public static final Statistic INDEXING_OPERATIONS = known("indexing_operations");
    /** {@code record_operations}: record operations and their total. */
    public static final Statistic RECORD_OPERATIONS = known("record_operations");
    /** {@code synonym_operations}: synonym operations and their total. */
    public static final Statistic SYNONYM_OPERATIONS = known("synonym_operations");
    /** {@code rule_operations}: rule operations and their total. */
    public static final Statistic RULE_OPERATIONS = known("rule_operations");

    // Access control
    /** {@code get_api_key_operations}. */
    public static final Statistic GET_API_KEY_OPERATIONS = known("get_api_key_operations");
    /** {@code get_api_keys_operations}. */
    public static final Statistic GET_API_KEYS_OPERATIONS = known("get_api_keys_operations");
    /** {@code add_api_key_operations}. */
    public static final Statistic ADD_API_KEY_OPERATIONS = known("add_api_key_operations");
    /** {@code update_api_key_operations}. */
    public static final Statistic UPDATE_API_KEY_OPERATIONS = known("update_api_key_operations");
    /** {@code delete_api_key_operations}. */
    public static final Statistic DELETE_API_KEY_OPERATIONS = known("delete_api_key_operations");
    /** {@code list_api_key_operations}. */
    public static final Statistic LIST_API_KEY_OPERATIONS = known("list_api_key_operations");

    // Indexing
    /** {@code browse_operations}. */
    public static final Statistic BROWSE_OPERATIONS = known("browse_operations");
    /** {@code clear_index_operations}. */
    public static final Statistic CLEAR_INDEX_OPERATIONS = known("clear_index_operations");
    /** {@code copy_move_operations}. */
    public static final Statistic COPY_MOVE_OPERATIONS = known("copy_move_operations");
    /** {@code delete_index_operations}. */
    public static final Statistic DELETE_INDEX_OPERATIONS = known("delete_index_operations");
    /** {@code get_log_operations}. */
    public static final Statistic GET_LOG_OPERATIONS = known("get_log_operations");
    /** {@code get_settings_operations}. */
    public static final Statistic GET_SETTINGS_OPERATIONS = known("get_settings_operations");
    /** {@code set_settings_operations}. */
    public static final Statistic SET_SETTINGS_OPERATIONS = known("set_settings_operations");
    /** {@code list_indices_operations}. */
    public static final Statistic LIST_INDICES_OPERATIONS = known("list_indices_operations");
    /** {@code wait_task_operations}. */
    public static final Statistic WAIT_TASK_OPERATIONS = known("wait_task_operations");

    // Rules
    /** {@code batch_rules_operations}. */
    public static final Statistic BATCH_RULES_OPERATIONS = known("batch_rules_operations");
    /** {@code clear_rules_operations}. */
    public static final Statistic CLEAR_RULES_OPERATIONS = known("clear_rules_operations");
    /** {@code delete_rules_operations}. */
    public static final Statistic DELETE_RULES_OPERATIONS = known("delete_rules_operations");
    /** {@code get_rules_operations}. */
    public static final Statistic GET_RULES_OPERATIONS = known("get_rules_operations");
    /** {@code save_rules_operations}. */
    public static final Statistic SAVE_RULES_OPERATIONS = known("save_rules_operations");
    /** {@code search_rules_operations}. */
    public static final Statistic SEARCH_RULES_OPERATIONS = known("search_rules_operations");

    // Search (index level)
    /** {@code queries_operations}. */
    public static final Statistic QUERIES_OPERATIONS = known("queries_operations");
    /** {@code multi_queries_operations}. */
    public static final Statistic MULTI_QUERIES_OPERATIONS = known("multi_queries_operations");

    // Records (index level)
    /** {@code add_record_operations}. */
    public static final Statistic ADD_RECORD_OPERATIONS = known("add_record_operations");
    /** {@code batch_operations}. */
    public static final Statistic BATCH_OPERATIONS = known("batch_operations");
    /** {@code delete_by_query_operations}. */
    public static final Statistic DELETE_BY_QUERY_OPERATIONS = known("delete_by_query_operations");
    /** {@code delete_record_operations}. */
    public static final Statistic DELETE_RECORD_OPERATIONS = known("delete_record_operations");
    /** {@code get_record_operations}. */
    public static final Statistic GET_RECORD_OPERATIONS = known("get_record_operations");
    /** {@code partial_update_record_operations}. */
    public static final Statistic PARTIAL_UPDATE_RECORD_OPERATIONS = known("partial_update_record_operations");
    /** {@code update_record_operations}. */
    public static final Statistic UPDATE_RECORD_OPERATIONS = known("update_record_operations");

    // Synonyms (index level)
    /** {@code batch_synonym_operations}. */
    public static final Statistic BATCH_SYNONYM_OPERATIONS = known("batch_synonym_operations");
    /** {@code clear_synonym_operations}. */
    public static final Statistic CLEAR_SYNONYM_OPERATIONS = known("clear_synonym_operations");
    /** {@code delete_synonym_operations}. */
    public static final Statistic DELETE_SYNONYM_OPERATIONS = known("delete_synonym_operations");
    /** {@code get_synonym_operations}. */
    public static final Statistic GET_SYNONYM_OPERATIONS = known("get_synonym_operations");
    /** {@code query_synonym_operations}. */
    public static final Statistic QUERY_SYNONYM_OPERATIONS = known("query_synonym_operations");
    /** {@code update_synonym_operations}. */
    public static final Statistic UPDATE_SYNONYM_OPERATIONS = known("update_synonym_operations");

    // Totals
    /** {@code total_search_operations}. */
    public static final Statistic TOTAL_SEARCH_OPERATIONS = known("total_search_operations");
    /** {@code total_search_requests}: billed search requests are this minus {@code querysuggestions_total_search_requests}. */
    public static final Statistic TOTAL_SEARCH_REQUESTS = known("total_search_requests");
    /** {@code total_answers_requests}. */
    public static final Statistic TOTAL_ANSWERS_REQUESTS = known("total_answers_requests");
    /** {@code total_recommend_requests}. */
    public static final Statistic TOTAL_RECOMMEND_REQUESTS = known("total_recommend_requests");
    /** {@code total_acl_operations}. */
    public static final Statistic TOTAL_ACL_OPERATIONS = known("total_acl_operations");
    /** {@code total_indexing_operations}. */
    public static final Statistic TOTAL_INDEXING_OPERATIONS = known("total_indexing_operations");
    /** {@code total_records_operations}. */
    public static final Statistic TOTAL_RECORDS_OPERATIONS = known("total_records_operations");
    /** {@code total_synonym_operations}. */
    public static final Statistic TOTAL_SYNONYM_OPERATIONS = known("total_synonym_operations");
    /** {@code total_rules_operations}. */
    public static final Statistic TOTAL_RULES_OPERATIONS = known("total_rules_operations");
    /** {@code total_write_operations}. */
    public static final Statistic TOTAL_WRITE_OPERATIONS = known("total_write_operations");
    /** {@code total_read_operations}. */
    public static final Statistic TOTAL_READ_OPERATIONS = known("total_read_operations");
    /** {@code total_operations}. */
    public static final Statistic TOTAL_OPERATIONS = known("total_operations");

    // Query-suggestions totals (the part of the totals coming from query suggestions)
    /** {@code querysuggestions_total_search_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_SEARCH_OPERATIONS =
            known("querysuggestions_total_search_operations");
    /** {@code querysuggestions_total_search_requests}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_SEARCH_REQUESTS =
            known("querysuggestions_total_search_requests");
    /** {@code querysuggestions_total_acl_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_ACL_OPERATIONS =
            known("querysuggestions_total_acl_operations");
    /** {@code querysuggestions_total_indexing_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_INDEXING_OPERATIONS =
            known("querysuggestions_total_indexing_operations");
    /** {@code querysuggestions_total_records_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_RECORDS_OPERATIONS =
            known("querysuggestions_total_records_operations");
    /** {@code querysuggestions_total_synonym_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_SYNONYM_OPERATIONS =
            known("querysuggestions_total_synonym_operations");
    /** {@code querysuggestions_total_rules_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_RULES_OPERATIONS =
            known("querysuggestions_total_rules_operations");
    /** {@code querysuggestions_total_write_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_WRITE_OPERATIONS =
            known("querysuggestions_total_write_operations");
    /** {@code querysuggestions_total_read_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_READ_OPERATIONS =
            known("querysuggestions_total_read_operations");
    /** {@code querysuggestions_total_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_OPERATIONS = known("querysuggestions_total_operations");

    // Processing time (milliseconds)
    /** {@code avg_processing_time}. */
    public static final Statistic AVG_PROCESSING_TIME = known("avg_processing_time");
    /** {@code 90p_processing_time}. */
    public static final Statistic P90_PROCESSING_TIME = known("90p_processing_time");
    /** {@code 99p_processing_time}. */
    public static final Statistic P99_PROCESSING_TIME = known("99p_processing_time");
    /** {@code queries_above_last_ms_processing_time}: queries that took 1 second or more. */
    public static final Statistic QUERIES_ABOVE_LAST_MS_PROCESSING_TIME =
            known("queries_above_last_ms_processing_time");

    // Indices
    /** {@code records}: number of records. */
    public static final Statistic RECORDS = known("records");
    /** {@code data_size}: bytes of the records. */
    public static final Statistic DATA_SIZE = known("data_size");
    /** {@code file_size}: bytes of the records and their metadata. */
    public static final Statistic FILE_SIZE = known("file_size");

    // Queries per second
    /** {@code max_qps}: maximum queries per second, per server. */
    public static final Statistic MAX_QPS = known("max_qps");
    /** {@code region_max_qps}: maximum queries per second, per region. */
    public static final Statistic REGION_MAX_QPS = known("region_max_qps");
    /** {@code total_max_qps}: maximum queries per second, all servers together. */
    public static final Statistic TOTAL_MAX_QPS = known("total_max_qps");

    // Used search capacity (percent)
    /** {@code used_search_capacity}: used search capacity in percent, per server. */
    public static final Statistic USED_SEARCH_CAPACITY = known("used_search_capacity");
    /** {@code avg_used_search_capacity}: average used search capacity in percent, per server. */
    public static final Statistic AVG_USED_SEARCH_CAPACITY = known("avg_used_search_capacity");
    /** {@code region_used_search_capacity}: used search capacity in percent, per region. */
    public static final Statistic REGION_USED_SEARCH_CAPACITY = known("region_used_search_capacity");
    /** {@code region_avg_used_search_capacity}: average used search capacity in percent, per region. */
    public static final Statistic REGION_AVG_USED_SEARCH_CAPACITY = known("region_avg_used_search_capacity");
    /** {@code total_used_search_capacity}. */
    public static final Statistic TOTAL_USED_SEARCH_CAPACITY = known("total_used_search_capacity");
    /** {@code total_avg_used_search_capacity}. */
    public static final Statistic TOTAL_AVG_USED_SEARCH_CAPACITY = known("total_avg_used_search_capacity");

    // Degraded queries (per server)
    /** {@code degraded_queries_ssd_used_queries_impacted}. */
    public static final Statistic DEGRADED_QUERIES_SSD_USED_QUERIES_IMPACTED =
            known("degraded_queries_ssd_used_queries_impacted");
    /** {@code degraded_queries_ssd_used_seconds_impacted}: percent of the seconds of the range impacted (not necessarily contiguous), per server. */
    public static final Statistic DEGRADED_QUERIES_SSD_USED_SECONDS_IMPACTED =
            known("degraded_queries_ssd_used_seconds_impacted");
    /** {@code degraded_queries_max_capacity_queries_impacted}. */
    public static final Statistic DEGRADED_QUERIES_MAX_CAPACITY_QUERIES_IMPACTED =
            known("degraded_queries_max_capacity_queries_impacted");
    /** {@code degraded_queries_max_capacity_seconds_impacted}: percent of the seconds of the range impacted (not necessarily contiguous), per server. */
    public static final Statistic DEGRADED_QUERIES_MAX_CAPACITY_SECONDS_IMPACTED =
            known("degraded_queries_max_capacity_seconds_impacted");

    // Other
    /** {@code insights_operations}. */
    public static final Statistic INSIGHTS_OPERATIONS = known("insights_operations");

    private final String name;

    private Statistic(String name) {
        this.name = name;
    }

    private static Statistic known(String name) {
        Statistic statistic = new Statistic(name);
        KNOWN.put(name, statistic);
        return statistic;
    }

    /**
     * The statistic of a name: a constant when the name is known, otherwise a new value carrying the name.
     *
     * @param name the name the service uses, such as {@code total_operations}
     * @return the statistic
     * @throws IllegalArgumentException if the name is blank or holds a comma or a slash
     */
    @JsonCreator
    public static Statistic of(String name) {
        Objects.requireNonNull(name, "name");
        Statistic known = KNOWN.get(name);
        if (known != null) {
            return known;
        }
        if (name.isBlank() || name.contains(",") || name.contains("/")) {
            throw new IllegalArgumentException("a statistic name is not blank and holds no comma or slash: " + name);
        }
        return new Statistic(name);
    }

    /** @return every statistic and grouping the client knows, in the order documented */
    public static List<Statistic> known() {
        return List.copyOf(KNOWN.values());
    }

    /** @return the name the service uses */
    @JsonValue
    public String name() {
        return name;
    }

    /** @return whether the client knows this name */
    public boolean isKnown() {
        return KNOWN.containsKey(name);
    }

    /** @return whether this names several statistics (a grouping, or {@link #ALL}) */
    public boolean isGrouping() {
        return GROUPINGS.contains(name);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Statistic statistic && statistic.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
