package io.quarry.mockserver.internal.http;

/**
 * The operation a route performs, declared with the route, as the service's usage statistics name it. Usage counts
 * each answered request under its operation's statistic and its group's total; routes the usage statistics do not
 * cover declare {@link #NOT_COUNTED}.
 */
public enum Operation {
    QUERIES("queries_operations", Group.SEARCH),
    MULTI_QUERIES("multi_queries_operations", Group.SEARCH),
    /** A facet value search: counted in its group's total only, as the service names no statistic for it. */
    SEARCH_FACET_VALUES(null, Group.SEARCH),

    ADD_RECORD("add_record_operations", Group.RECORDS),
    UPDATE_RECORD("update_record_operations", Group.RECORDS),
    DELETE_RECORD("delete_record_operations", Group.RECORDS),
    DELETE_BY_QUERY("delete_by_query_operations", Group.RECORDS),
    PARTIAL_UPDATE_RECORD("partial_update_record_operations", Group.RECORDS),
    BATCH("batch_operations", Group.RECORDS),
    GET_RECORD("get_record_operations", Group.RECORDS),

    BROWSE("browse_operations", Group.INDEXING),
    CLEAR_INDEX("clear_index_operations", Group.INDEXING),
    COPY_MOVE("copy_move_operations", Group.INDEXING),
    DELETE_INDEX("delete_index_operations", Group.INDEXING),
    GET_LOG("get_log_operations", Group.INDEXING),
    GET_SETTINGS("get_settings_operations", Group.INDEXING),
    SET_SETTINGS("set_settings_operations", Group.INDEXING),
    LIST_INDICES("list_indices_operations", Group.INDEXING),
    WAIT_TASK("wait_task_operations", Group.INDEXING),

    UPDATE_SYNONYM("update_synonym_operations", Group.SYNONYMS),
    BATCH_SYNONYM("batch_synonym_operations", Group.SYNONYMS),
    GET_SYNONYM("get_synonym_operations", Group.SYNONYMS),
    DELETE_SYNONYM("delete_synonym_operations", Group.SYNONYMS),
    CLEAR_SYNONYM("clear_synonym_operations", Group.SYNONYMS),
    QUERY_SYNONYM("query_synonym_operations", Group.SYNONYMS),

    SAVE_RULES("save_rules_operations", Group.RULES),
    BATCH_RULES("batch_rules_operations", Group.RULES),
    GET_RULES("get_rules_operations", Group.RULES),
    DELETE_RULES("delete_rules_operations", Group.RULES),
    CLEAR_RULES("clear_rules_operations", Group.RULES),
    SEARCH_RULES("search_rules_operations", Group.RULES),

    ADD_API_KEY("add_api_key_operations", Group.ACL),
    UPDATE_API_KEY("update_api_key_operations", Group.ACL),
    LIST_API_KEY("list_api_key_operations", Group.ACL),
    GET_API_KEY("get_api_key_operations", Group.ACL),
    GET_API_KEYS("get_api_keys_operations", Group.ACL),
    DELETE_API_KEY("delete_api_key_operations", Group.ACL),

    SEND_EVENTS("insights_operations", Group.INSIGHTS),
    PREDICT_ANSWERS("total_answers_requests", Group.ANSWERS),

    /** Not in the usage statistics (analytics, monitoring, usage, crawler, the mock server's own endpoints...). */
    NOT_COUNTED(null, Group.NOT_COUNTED);

    /** The usage group an operation's count adds to. */
    public enum Group {
        SEARCH,
        RECORDS,
        INDEXING,
        SYNONYMS,
        RULES,
        ACL,
        /** Counted under its own statistic only. */
        INSIGHTS,
        /** Counted under its own statistic and the total of operations. */
        ANSWERS,
        NOT_COUNTED
    }

    private final String statistic;
    private final Group group;

    Operation(String statistic, Group group) {
        this.statistic = statistic;
        this.group = group;
    }

    /** {@return the usage statistic one request adds 1 to, or {@code null} when it has none of its own} */
    public String statistic() {
        return statistic;
    }

    /** {@return the usage group it counts in} */
    public Group group() {
        return group;
    }

    /** {@return whether it creates, reads, changes or deletes API keys (its answers and path may carry key values)} */
    public boolean managesApiKeys() {
        return group == Group.ACL;
    }

    /** {@return whether it is a search request of records (a single or multi-index search), not of facet values} */
    public boolean searchRequest() {
        return this == QUERIES || this == MULTI_QUERIES;
    }
}
