package io.quarry.search;

import io.quarry.core.Endpoint;

/**
 * Every endpoint of the search API, one constant each, with the path template exactly as the service
 * documents it. READ endpoints go to the read hosts (search, browse, record and configuration reads, and the
 * read-only POSTs: multi-search, facet search, get objects, rule/synonym/dictionary/user-ID search); WRITE
 * endpoints go to the write hosts.
 */
final class Endpoints {

    // Search and browse
    /** Search one index, parameters in the body. */
    static final Endpoint SEARCH = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");
    /** Search one index, parameters in the query string (the view {@code withParametersInUrl()}). */
    static final Endpoint SEARCH_GET = Endpoint.read("search", "GET", "/1/indexes/{indexName}");
    /** Search several indices in one call. */
    static final Endpoint MULTI_SEARCH = Endpoint.read("multiSearch", "POST", "/1/indexes/*/queries");
    /** Search the values of one facet. */
    static final Endpoint SEARCH_FOR_FACET_VALUES =
            Endpoint.read("searchForFacetValues", "POST", "/1/indexes/{indexName}/facets/{facetName}/query");
    /** Browse all records with a cursor, parameters in the body. */
    static final Endpoint BROWSE = Endpoint.read("browsePage", "POST", "/1/indexes/{indexName}/browse");
    /** Browse all records with a cursor, parameters in the query string (the view {@code withParametersInUrl()}). */
    static final Endpoint BROWSE_GET = Endpoint.read("browsePage", "GET", "/1/indexes/{indexName}/browse");

    // Records
    /** Add a record, the service assigning its objectID. */
    static final Endpoint ADD_OBJECT = Endpoint.write("addObject", "POST", "/1/indexes/{indexName}");
    /** Add or replace a record by objectID. */
    static final Endpoint SAVE_OBJECT = Endpoint.write("saveObject", "PUT", "/1/indexes/{indexName}/{objectID}");
    /** Delete a record. */
    static final Endpoint DELETE_OBJECT = Endpoint.write("deleteObject", "DELETE", "/1/indexes/{indexName}/{objectID}");
    /** Delete the records matching filters. */
    static final Endpoint DELETE_BY = Endpoint.write("deleteBy", "POST", "/1/indexes/{indexName}/deleteByQuery");
    /** Delete every record of an index, keeping its settings. */
    static final Endpoint CLEAR_OBJECTS = Endpoint.write("clearObjects", "POST", "/1/indexes/{indexName}/clear");
    /** Update some attributes of a record. */
    static final Endpoint PARTIAL_UPDATE_OBJECT =
            Endpoint.write("partialUpdateObject", "POST", "/1/indexes/{indexName}/{objectID}/partial");
    /** Several write operations on one index. */
    static final Endpoint BATCH = Endpoint.write("batch", "POST", "/1/indexes/{indexName}/batch");
    /** Several write operations on several indices. */
    static final Endpoint MULTIPLE_BATCH = Endpoint.write("multipleBatch", "POST", "/1/indexes/*/batch");
    /** Read records from several indices. */
    static final Endpoint GET_OBJECTS = Endpoint.read("getObjects", "POST", "/1/indexes/*/objects");
    /** Read one record. */
    static final Endpoint GET_OBJECT = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");

    // API keys
    /** Create a key. */
    static final Endpoint ADD_API_KEY = Endpoint.write("addApiKey", "POST", "/1/keys");
    /** Update a key. */
    static final Endpoint UPDATE_API_KEY = Endpoint.write("updateApiKey", "PUT", "/1/keys/{key}");
    /** List the keys. */
    static final Endpoint LIST_API_KEYS = Endpoint.read("listApiKeys", "GET", "/1/keys");
    /** Read one key. */
    static final Endpoint GET_API_KEY = Endpoint.read("getApiKey", "GET", "/1/keys/{key}");
    /** Delete a key. */
    static final Endpoint DELETE_API_KEY = Endpoint.write("deleteApiKey", "DELETE", "/1/keys/{key}");
    /** Restore a deleted key. */
    static final Endpoint RESTORE_API_KEY = Endpoint.write("restoreApiKey", "POST", "/1/keys/{key}/restore");
    /** Create an index-specific key. */
    static final Endpoint ADD_INDEX_API_KEY = Endpoint.write("addIndexApiKey", "POST", "/1/indexes/{indexName}/keys");
    /** Update an index-specific key. */
    static final Endpoint UPDATE_INDEX_API_KEY =
            Endpoint.write("updateIndexApiKey", "PUT", "/1/indexes/{indexName}/keys/{key}");
    /** List the keys of one index. */
    static final Endpoint LIST_INDEX_API_KEYS = Endpoint.read("listIndexApiKeys", "GET", "/1/indexes/{indexName}/keys");
    /** List the index-specific keys of every index. */
    static final Endpoint LIST_ALL_INDEX_API_KEYS = Endpoint.read("listAllIndexApiKeys", "GET", "/1/indexes/*/keys");
    /** Read one index-specific key. */
    static final Endpoint GET_INDEX_API_KEY =
            Endpoint.read("getIndexApiKey", "GET", "/1/indexes/{indexName}/keys/{key}");
    /** Delete one index-specific key. */
    static final Endpoint DELETE_INDEX_API_KEY =
            Endpoint.write("deleteIndexApiKey", "DELETE", "/1/indexes/{indexName}/keys/{key}");

    // Rules
    /** Create or replace a rule. */
    static final Endpoint SAVE_RULE = Endpoint.write("saveRule", "PUT", "/1/indexes/{indexName}/rules/{objectID}");
    /** Create or replace several rules. */
    static final Endpoint SAVE_RULES = Endpoint.write("saveRules", "POST", "/1/indexes/{indexName}/rules/batch");
    /** Read a rule. */
    static final Endpoint GET_RULE = Endpoint.read("getRule", "GET", "/1/indexes/{indexName}/rules/{objectID}");
    /** Delete a rule. */
    static final Endpoint DELETE_RULE =
            Endpoint.write("deleteRule", "DELETE", "/1/indexes/{indexName}/rules/{objectID}");
    /** Delete every rule of an index. */
    static final Endpoint CLEAR_RULES = Endpoint.write("clearRules", "POST", "/1/indexes/{indexName}/rules/clear");
    /** Search the rules of an index. */
    static final Endpoint SEARCH_RULES = Endpoint.read("searchRules", "POST", "/1/indexes/{indexName}/rules/search");

    // Dictionaries
    /** Add or delete dictionary entries. */
    static final Endpoint BATCH_DICTIONARY_ENTRIES =
            Endpoint.write("batchDictionaryEntries", "POST", "/1/dictionaries/{dictionaryName}/batch");
    /** Search dictionary entries, parameters in the query string (the view {@code withParametersInUrl()}). */
    static final Endpoint SEARCH_DICTIONARY_ENTRIES_GET =
            Endpoint.read("searchDictionaryEntries", "GET", "/1/dictionaries/{dictionaryName}/search");
    /** Search dictionary entries, parameters in the body. */
    static final Endpoint SEARCH_DICTIONARY_ENTRIES =
            Endpoint.read("searchDictionaryEntries", "POST", "/1/dictionaries/{dictionaryName}/search");
    /** Change which standard dictionary entries are disabled. */
    static final Endpoint SET_DICTIONARY_SETTINGS =
            Endpoint.write("setDictionarySettings", "PUT", "/1/dictionaries/*/settings");
    /** Read which standard dictionary entries are disabled. */
    static final Endpoint GET_DICTIONARY_SETTINGS =
            Endpoint.read("getDictionarySettings", "GET", "/1/dictionaries/*/settings");
    /** List the languages and their custom entry counts. */
    static final Endpoint GET_DICTIONARY_LANGUAGES =
            Endpoint.read("getDictionaryLanguages", "GET", "/1/dictionaries/*/languages");

    // Multi-cluster user mapping
    /** Assign one user to a cluster (the user in the {@code X-Service-User-ID} header). */
    static final Endpoint ASSIGN_USER_ID = Endpoint.write("assignUserId", "POST", "/1/clusters/mapping");
    /** Assign several users to a cluster. */
    static final Endpoint BATCH_ASSIGN_USER_IDS =
            Endpoint.write("batchAssignUserIds", "POST", "/1/clusters/mapping/batch");
    /** The top users of each cluster. */
    static final Endpoint GET_TOP_USER_IDS = Endpoint.read("getTopUserIds", "GET", "/1/clusters/mapping/top");
    /** One user's mapping. */
    static final Endpoint GET_USER_ID = Endpoint.read("getUserId", "GET", "/1/clusters/mapping/{userID}");
    /** The clusters. */
    static final Endpoint LIST_CLUSTERS = Endpoint.read("listClusters", "GET", "/1/clusters");
    /** One page of user mappings. */
    static final Endpoint LIST_USER_IDS = Endpoint.read("listUserIds", "GET", "/1/clusters/mapping");
    /** Remove a user's mapping (and data). */
    static final Endpoint REMOVE_USER_ID = Endpoint.write("removeUserId", "DELETE", "/1/clusters/mapping/{userID}");
    /** Search the user mappings. */
    static final Endpoint SEARCH_USER_IDS = Endpoint.read("searchUserIds", "POST", "/1/clusters/mapping/search");
    /** Whether user mappings are still being applied. */
    static final Endpoint HAS_PENDING_MAPPINGS =
            Endpoint.read("hasPendingMappings", "GET", "/1/clusters/mapping/pending");

    // Tasks, indices, settings, synonyms, logs
    /** Status of a task of an index. */
    static final Endpoint GET_TASK = Endpoint.read("getTask", "GET", "/1/indexes/{indexName}/task/{taskID}");
    /** Status of an application-level task (dictionary batches). */
    static final Endpoint GET_APP_TASK = Endpoint.read("getAppTask", "GET", "/1/task/{taskID}");
    /** List the indices. */
    static final Endpoint LIST_INDICES = Endpoint.read("listIndices", "GET", "/1/indexes");
    /** Delete an index. */
    static final Endpoint DELETE_INDEX = Endpoint.write("deleteIndex", "DELETE", "/1/indexes/{indexName}");
    /** Read an index's settings. */
    static final Endpoint GET_SETTINGS = Endpoint.read("getSettings", "GET", "/1/indexes/{indexName}/settings");
    /** Change an index's settings. */
    static final Endpoint SET_SETTINGS = Endpoint.write("setSettings", "PUT", "/1/indexes/{indexName}/settings");
    /** Copy or move an index. */
    static final Endpoint OPERATION_INDEX =
            Endpoint.write("copyOrMoveIndex", "POST", "/1/indexes/{indexName}/operation");
    /** Create or replace a synonym. */
    static final Endpoint SAVE_SYNONYM =
            Endpoint.write("saveSynonym", "PUT", "/1/indexes/{indexName}/synonyms/{objectID}");
    /** Create or replace several synonyms. */
    static final Endpoint SAVE_SYNONYMS =
            Endpoint.write("saveSynonyms", "POST", "/1/indexes/{indexName}/synonyms/batch");
    /** Read a synonym. */
    static final Endpoint GET_SYNONYM =
            Endpoint.read("getSynonym", "GET", "/1/indexes/{indexName}/synonyms/{objectID}");
    /** Delete a synonym. */
    static final Endpoint DELETE_SYNONYM =
            Endpoint.write("deleteSynonym", "DELETE", "/1/indexes/{indexName}/synonyms/{objectID}");
    /** Delete every synonym of an index. */
    static final Endpoint CLEAR_SYNONYMS =
            Endpoint.write("clearSynonyms", "POST", "/1/indexes/{indexName}/synonyms/clear");
    /** Search the synonyms of an index. */
    static final Endpoint SEARCH_SYNONYMS =
            Endpoint.read("searchSynonyms", "POST", "/1/indexes/{indexName}/synonyms/search");
    /** The latest API calls of the application. */
    static final Endpoint GET_LOGS = Endpoint.read("getLogs", "GET", "/1/logs");

    private Endpoints() {}
}
