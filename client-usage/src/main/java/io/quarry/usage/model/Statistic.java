package io.quarry.usage.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.NamedValue;
import io.quarry.core.spi.KnownNames;
import java.util.List;
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
public final class Statistic extends NamedValue {

    private static final KnownNames<Statistic> KNOWN = new KnownNames<>(Statistic::new);
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
    public static final Statistic ALL = KNOWN.add("*");
    /** {@code search_operations}: searches: queries, multi-queries and the search totals. */
    public static final Statistic SEARCH_OPERATIONS = KNOWN.add("search_operations");
    /** {@code acl_operations}: API key operations and their total. */
    public static final Statistic ACL_OPERATIONS = KNOWN.add("acl_operations");
    /** {@code indexing_operations}: index administration operations and their total. */
    public static final Statistic INDEXING_OPERATIONS = KNOWN.add("indexing_operations");
    /** {@code record_operations}: record operations and their total. */
    public static final Statistic RECORD_OPERATIONS = KNOWN.add("record_operations");
    /** {@code synonym_operations}: synonym operations and their total. */
    public static final Statistic SYNONYM_OPERATIONS = KNOWN.add("synonym_operations");
    /** {@code rule_operations}: rule operations and their total. */
    public static final Statistic RULE_OPERATIONS = KNOWN.add("rule_operations");

    // Access control
    /** {@code get_api_key_operations}. */
    public static final Statistic GET_API_KEY_OPERATIONS = KNOWN.add("get_api_key_operations");
    /** {@code get_api_keys_operations}. */
    public static final Statistic GET_API_KEYS_OPERATIONS = KNOWN.add("get_api_keys_operations");
    /** {@code add_api_key_operations}. */
    public static final Statistic ADD_API_KEY_OPERATIONS = KNOWN.add("add_api_key_operations");
    /** {@code update_api_key_operations}. */
    public static final Statistic UPDATE_API_KEY_OPERATIONS = KNOWN.add("update_api_key_operations");
    /** {@code delete_api_key_operations}. */
    public static final Statistic DELETE_API_KEY_OPERATIONS = KNOWN.add("delete_api_key_operations");
    /** {@code list_api_key_operations}. */
    public static final Statistic LIST_API_KEY_OPERATIONS = KNOWN.add("list_api_key_operations");

    // Indexing
    /** {@code browse_operations}. */
    public static final Statistic BROWSE_OPERATIONS = KNOWN.add("browse_operations");
    /** {@code clear_index_operations}. */
    public static final Statistic CLEAR_INDEX_OPERATIONS = KNOWN.add("clear_index_operations");
    /** {@code copy_move_operations}. */
    public static final Statistic COPY_MOVE_OPERATIONS = KNOWN.add("copy_move_operations");
    /** {@code delete_index_operations}. */
    public static final Statistic DELETE_INDEX_OPERATIONS = KNOWN.add("delete_index_operations");
    /** {@code get_log_operations}. */
    public static final Statistic GET_LOG_OPERATIONS = KNOWN.add("get_log_operations");
    /** {@code get_settings_operations}. */
    public static final Statistic GET_SETTINGS_OPERATIONS = KNOWN.add("get_settings_operations");
    /** {@code set_settings_operations}. */
    public static final Statistic SET_SETTINGS_OPERATIONS = KNOWN.add("set_settings_operations");
    /** {@code list_indices_operations}. */
    public static final Statistic LIST_INDICES_OPERATIONS = KNOWN.add("list_indices_operations");
    /** {@code wait_task_operations}. */
    public static final Statistic WAIT_TASK_OPERATIONS = KNOWN.add("wait_task_operations");

    // Rules
    /** {@code batch_rules_operations}. */
    public static final Statistic BATCH_RULES_OPERATIONS = KNOWN.add("batch_rules_operations");
    /** {@code clear_rules_operations}. */
    public static final Statistic CLEAR_RULES_OPERATIONS = KNOWN.add("clear_rules_operations");
    /** {@code delete_rules_operations}. */
    public static final Statistic DELETE_RULES_OPERATIONS = KNOWN.add("delete_rules_operations");
    /** {@code get_rules_operations}. */
    public static final Statistic GET_RULES_OPERATIONS = KNOWN.add("get_rules_operations");
    /** {@code save_rules_operations}. */
    public static final Statistic SAVE_RULES_OPERATIONS = KNOWN.add("save_rules_operations");
    /** {@code search_rules_operations}. */
    public static final Statistic SEARCH_RULES_OPERATIONS = KNOWN.add("search_rules_operations");

    // Search (index level)
    /** {@code queries_operations}. */
    public static final Statistic QUERIES_OPERATIONS = KNOWN.add("queries_operations");
    /** {@code multi_queries_operations}. */
    public static final Statistic MULTI_QUERIES_OPERATIONS = KNOWN.add("multi_queries_operations");

    // Records (index level)
    /** {@code add_record_operations}. */
    public static final Statistic ADD_RECORD_OPERATIONS = KNOWN.add("add_record_operations");
    /** {@code batch_operations}. */
    public static final Statistic BATCH_OPERATIONS = KNOWN.add("batch_operations");
    /** {@code delete_by_query_operations}. */
    public static final Statistic DELETE_BY_QUERY_OPERATIONS = KNOWN.add("delete_by_query_operations");
    /** {@code delete_record_operations}. */
    public static final Statistic DELETE_RECORD_OPERATIONS = KNOWN.add("delete_record_operations");
    /** {@code get_record_operations}. */
    public static final Statistic GET_RECORD_OPERATIONS = KNOWN.add("get_record_operations");
    /** {@code partial_update_record_operations}. */
    public static final Statistic PARTIAL_UPDATE_RECORD_OPERATIONS = KNOWN.add("partial_update_record_operations");
    /** {@code update_record_operations}. */
    public static final Statistic UPDATE_RECORD_OPERATIONS = KNOWN.add("update_record_operations");

    // Synonyms (index level)
    /** {@code batch_synonym_operations}. */
    public static final Statistic BATCH_SYNONYM_OPERATIONS = KNOWN.add("batch_synonym_operations");
    /** {@code clear_synonym_operations}. */
    public static final Statistic CLEAR_SYNONYM_OPERATIONS = KNOWN.add("clear_synonym_operations");
    /** {@code delete_synonym_operations}. */
    public static final Statistic DELETE_SYNONYM_OPERATIONS = KNOWN.add("delete_synonym_operations");
    /** {@code get_synonym_operations}. */
    public static final Statistic GET_SYNONYM_OPERATIONS = KNOWN.add("get_synonym_operations");
    /** {@code query_synonym_operations}. */
    public static final Statistic QUERY_SYNONYM_OPERATIONS = KNOWN.add("query_synonym_operations");
    /** {@code update_synonym_operations}. */
    public static final Statistic UPDATE_SYNONYM_OPERATIONS = KNOWN.add("update_synonym_operations");

    // Totals
    /** {@code total_search_operations}. */
    public static final Statistic TOTAL_SEARCH_OPERATIONS = KNOWN.add("total_search_operations");
    /** {@code total_search_requests}: billed search requests are this minus {@code querysuggestions_total_search_requests}. */
    public static final Statistic TOTAL_SEARCH_REQUESTS = KNOWN.add("total_search_requests");
    /** {@code total_answers_requests}. */
    public static final Statistic TOTAL_ANSWERS_REQUESTS = KNOWN.add("total_answers_requests");
    /** {@code total_recommend_requests}. */
    public static final Statistic TOTAL_RECOMMEND_REQUESTS = KNOWN.add("total_recommend_requests");
    /** {@code total_acl_operations}. */
    public static final Statistic TOTAL_ACL_OPERATIONS = KNOWN.add("total_acl_operations");
    /** {@code total_indexing_operations}. */
    public static final Statistic TOTAL_INDEXING_OPERATIONS = KNOWN.add("total_indexing_operations");
    /** {@code total_records_operations}. */
    public static final Statistic TOTAL_RECORDS_OPERATIONS = KNOWN.add("total_records_operations");
    /** {@code total_synonym_operations}. */
    public static final Statistic TOTAL_SYNONYM_OPERATIONS = KNOWN.add("total_synonym_operations");
    /** {@code total_rules_operations}. */
    public static final Statistic TOTAL_RULES_OPERATIONS = KNOWN.add("total_rules_operations");
    /** {@code total_write_operations}. */
    public static final Statistic TOTAL_WRITE_OPERATIONS = KNOWN.add("total_write_operations");
    /** {@code total_read_operations}. */
    public static final Statistic TOTAL_READ_OPERATIONS = KNOWN.add("total_read_operations");
    /** {@code total_operations}. */
    public static final Statistic TOTAL_OPERATIONS = KNOWN.add("total_operations");

    // Query-suggestions totals (the part of the totals coming from query suggestions)
    /** {@code querysuggestions_total_search_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_SEARCH_OPERATIONS =
            KNOWN.add("querysuggestions_total_search_operations");
    /** {@code querysuggestions_total_search_requests}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_SEARCH_REQUESTS =
            KNOWN.add("querysuggestions_total_search_requests");
    /** {@code querysuggestions_total_acl_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_ACL_OPERATIONS =
            KNOWN.add("querysuggestions_total_acl_operations");
    /** {@code querysuggestions_total_indexing_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_INDEXING_OPERATIONS =
            KNOWN.add("querysuggestions_total_indexing_operations");
    /** {@code querysuggestions_total_records_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_RECORDS_OPERATIONS =
            KNOWN.add("querysuggestions_total_records_operations");
    /** {@code querysuggestions_total_synonym_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_SYNONYM_OPERATIONS =
            KNOWN.add("querysuggestions_total_synonym_operations");
    /** {@code querysuggestions_total_rules_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_RULES_OPERATIONS =
            KNOWN.add("querysuggestions_total_rules_operations");
    /** {@code querysuggestions_total_write_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_WRITE_OPERATIONS =
            KNOWN.add("querysuggestions_total_write_operations");
    /** {@code querysuggestions_total_read_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_READ_OPERATIONS =
            KNOWN.add("querysuggestions_total_read_operations");
    /** {@code querysuggestions_total_operations}. */
    public static final Statistic QUERYSUGGESTIONS_TOTAL_OPERATIONS = KNOWN.add("querysuggestions_total_operations");

    // Processing time (milliseconds)
    /** {@code avg_processing_time}. */
    public static final Statistic AVG_PROCESSING_TIME = KNOWN.add("avg_processing_time");
    /** {@code 90p_processing_time}. */
    public static final Statistic P90_PROCESSING_TIME = KNOWN.add("90p_processing_time");
    /** {@code 99p_processing_time}. */
    public static final Statistic P99_PROCESSING_TIME = KNOWN.add("99p_processing_time");
    /** {@code queries_above_last_ms_processing_time}: queries that took 1 second or more. */
    public static final Statistic QUERIES_ABOVE_LAST_MS_PROCESSING_TIME =
            KNOWN.add("queries_above_last_ms_processing_time");

    // Indices
    /** {@code records}: number of records. */
    public static final Statistic RECORDS = KNOWN.add("records");
    /** {@code data_size}: bytes of the records. */
    public static final Statistic DATA_SIZE = KNOWN.add("data_size");
    /** {@code file_size}: bytes of the records and their metadata. */
    public static final Statistic FILE_SIZE = KNOWN.add("file_size");

    // Queries per second
    /** {@code max_qps}: maximum queries per second, per server. */
    public static final Statistic MAX_QPS = KNOWN.add("max_qps");
    /** {@code region_max_qps}: maximum queries per second, per region. */
    public static final Statistic REGION_MAX_QPS = KNOWN.add("region_max_qps");
    /** {@code total_max_qps}: maximum queries per second, all servers together. */
    public static final Statistic TOTAL_MAX_QPS = KNOWN.add("total_max_qps");

    // Used search capacity (percent)
    /** {@code used_search_capacity}: used search capacity in percent, per server. */
    public static final Statistic USED_SEARCH_CAPACITY = KNOWN.add("used_search_capacity");
    /** {@code avg_used_search_capacity}: average used search capacity in percent, per server. */
    public static final Statistic AVG_USED_SEARCH_CAPACITY = KNOWN.add("avg_used_search_capacity");
    /** {@code region_used_search_capacity}: used search capacity in percent, per region. */
    public static final Statistic REGION_USED_SEARCH_CAPACITY = KNOWN.add("region_used_search_capacity");
    /** {@code region_avg_used_search_capacity}: average used search capacity in percent, per region. */
    public static final Statistic REGION_AVG_USED_SEARCH_CAPACITY = KNOWN.add("region_avg_used_search_capacity");
    /** {@code total_used_search_capacity}. */
    public static final Statistic TOTAL_USED_SEARCH_CAPACITY = KNOWN.add("total_used_search_capacity");
    /** {@code total_avg_used_search_capacity}. */
    public static final Statistic TOTAL_AVG_USED_SEARCH_CAPACITY = KNOWN.add("total_avg_used_search_capacity");

    // Degraded queries (per server)
    /** {@code degraded_queries_ssd_used_queries_impacted}. */
    public static final Statistic DEGRADED_QUERIES_SSD_USED_QUERIES_IMPACTED =
            KNOWN.add("degraded_queries_ssd_used_queries_impacted");
    /** {@code degraded_queries_ssd_used_seconds_impacted}: percent of the seconds of the range impacted (not necessarily contiguous), per server. */
    public static final Statistic DEGRADED_QUERIES_SSD_USED_SECONDS_IMPACTED =
            KNOWN.add("degraded_queries_ssd_used_seconds_impacted");
    /** {@code degraded_queries_max_capacity_queries_impacted}. */
    public static final Statistic DEGRADED_QUERIES_MAX_CAPACITY_QUERIES_IMPACTED =
            KNOWN.add("degraded_queries_max_capacity_queries_impacted");
    /** {@code degraded_queries_max_capacity_seconds_impacted}: percent of the seconds of the range impacted (not necessarily contiguous), per server. */
    public static final Statistic DEGRADED_QUERIES_MAX_CAPACITY_SECONDS_IMPACTED =
            KNOWN.add("degraded_queries_max_capacity_seconds_impacted");

    // Other
    /** {@code insights_operations}. */
    public static final Statistic INSIGHTS_OPERATIONS = KNOWN.add("insights_operations");

    private Statistic(String name) {
        super(name);
        if (name.isBlank() || name.contains(",") || name.contains("/")) {
            throw new IllegalArgumentException("a statistic name is not blank and holds no comma or slash: " + name);
        }
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
        return KNOWN.of(name);
    }

    /** {@return every statistic and grouping the client knows, in the order documented} */
    public static List<Statistic> known() {
        return KNOWN.values();
    }

    /** {@return whether the client knows this name} */
    public boolean isKnown() {
        return KNOWN.contains(this);
    }

    /** {@return whether this names several statistics (a grouping, or {@link #ALL})} */
    public boolean isGrouping() {
        return GROUPINGS.contains(name());
    }
}
