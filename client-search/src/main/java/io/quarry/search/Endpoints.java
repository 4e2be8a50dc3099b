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
    static final Endpoint SEARCH =
            Endpoint.read("POST", "/1/indexes/{indexName}/query").named("search");
    /** Search one index, parameters in the query string (the view {@code withParametersInUrl()}). */
    static final Endpoint SEARCH_GET =
            Endpoint.read("GET", "/1/indexes/{indexName}").named("search");
    /** Search several indices in one call. */
    static final Endpoint MULTI_SEARCH =
            Endpoint.read("POST", "/1/indexes/*/queries").named("multiSearch");
    /** Search the values of one facet. */
    static final Endpoint SEARCH_FOR_FACET_VALUES = Endpoint.read(
                    "POST", "/1/indexes/{indexName}/facets/{facetName}/query")
            .named("searchForFacetValues");
    /** Browse all records with a cursor, parameters in the body. */
    static final Endpoint BROWSE =
            Endpoint.read("POST", "/1/indexes/{indexName}/browse").named("browse");
    /** Browse all records with a cursor, parameters in the query string (the view {@code withParametersInUrl()}). */
    static final Endpoint BROWSE_GET =
            Endpoint.read("GET", "/1/indexes/{indexName}/browse").named("browse");

    // Records
    /** Add a record, the service assigning its objectID. */
    static final Endpoint ADD_OBJECT =
            Endpoint.write("POST", "/1/indexes/{indexName}").named("addObject");
    /** Add or replace a record by objectID. */
    static final Endpoint SAVE_OBJECT =
            Endpoint.write("PUT", "/1/indexes/{indexName}/{objectID}").named("saveObject");
    /** Delete a record. */
    static final Endpoint DELETE_OBJECT =
            Endpoint.write("DELETE", "/1/indexes/{indexName}/{objectID}").named("deleteObject");
    /** Delete the records matching filters. */
    static final Endpoint DELETE_BY =
            Endpoint.write("POST", "/1/indexes/{indexName}/deleteByQuery").named("deleteBy");
    /** Delete every record of an index, keeping its settings. */
    static final Endpoint CLEAR_OBJECTS =
            Endpoint.write("POST", "/1/indexes/{indexName}/clear").named("clearObjects");
    /** Update some attributes of a record. */
    static final Endpoint PARTIAL_UPDATE_OBJECT =
            Endpoint.write("POST", "/1/indexes/{indexName}/{objectID}/partial").named("partialUpdateObject");
    /** Several write operations on one index. */
    static final Endpoint BATCH =
            Endpoint.write("POST", "/1/indexes/{indexName}/batch").named("batch");
    /** Several write operations on several indices. */
    static final Endpoint MULTIPLE_BATCH =
            Endpoint.write("POST", "/1/indexes/*/batch").named("multipleBatch");
    /** Read records from several indices. */
    static final Endpoint GET_OBJECTS =
            Endpoint.read("POST", "/1/indexes/*/objects").named("getObjects");
    /** Read one record. */
    static final Endpoint GET_OBJECT =
            Endpoint.read("GET", "/1/indexes/{indexName}/{objectID}").named("getObject");

    // API keys
    /** Create a key. */
    static final Endpoint ADD_API_KEY = Endpoint.write("POST", "/1/keys").named("addApiKey");
    /** Update a key. */
    static final Endpoint UPDATE_API_KEY =
            Endpoint.write("PUT", "/1/keys/{key}").named("updateApiKey");
    /** List the keys. */
    static final Endpoint LIST_API_KEYS = Endpoint.read("GET", "/1/keys").named("listApiKeys");
    /** Read one key. */
    static final Endpoint GET_API_KEY = Endpoint.read("GET", "/1/keys/{key}").named("getApiKey");
    /** Delete a key. */
    static final Endpoint DELETE_API_KEY =
            Endpoint.write("DELETE", "/1/keys/{key}").named("deleteApiKey");
    /** Restore a deleted key. */
    static final Endpoint RESTORE_API_KEY =
            Endpoint.write("POST", "/1/keys/{key}/restore").named("restoreApiKey");
    /** Create an index-specific key. */
    static final Endpoint ADD_INDEX_API_KEY =
            Endpoint.write("POST", "/1/indexes/{indexName}/keys").named("addIndexApiKey");
    /** Update an index-specific key. */
    static final Endpoint UPDATE_INDEX_API_KEY =
            Endpoint.write("PUT", "/1/indexes/{indexName}/keys/{key}").named("updateIndexApiKey");
    /** List the keys of one index. */
    static final Endpoint LIST_INDEX_API_KEYS =
            Endpoint.read("GET", "/1/indexes/{indexName}/keys").named("listIndexApiKeys");
    /** List the index-specific keys of every index. */
    static final Endpoint LIST_ALL_INDEX_API_KEYS =
            Endpoint.read("GET", "/1/indexes/*/keys").named("listAllIndexApiKeys");
    /** Read one index-specific key. */
    static final Endpoint GET_INDEX_API_KEY =
            Endpoint.read("GET", "/1/indexes/{indexName}/keys/{key}").named("getIndexApiKey");
    /** Delete one index-specific key. */
    static final Endpoint DELETE_INDEX_API_KEY =
            Endpoint.write("DELETE", "/1/indexes/{indexName}/keys/{key}").named("deleteIndexApiKey");

    // Rules
    /** Create or replace a rule. */
    static final Endpoint SAVE_RULE =
            Endpoint.write("PUT", "/1/indexes/{indexName}/rules/{objectID}").named("saveRule");
    /** Create or replace several rules. */
    static final Endpoint SAVE_RULES =
            Endpoint.write("POST", "/1/indexes/{indexName}/rules/batch").named("saveRules");
    /** Read a rule. */
    static final Endpoint GET_RULE =
            Endpoint.read("GET", "/1/indexes/{indexName}/rules/{objectID}").named("getRule");
    /** Delete a rule. */
    static final Endpoint DELETE_RULE =
            Endpoint.write("DELETE", "/1/indexes/{indexName}/rules/{objectID}").named("deleteRule");
    /** Delete every rule of an index. */
    static final Endpoint CLEAR_RULES =
            Endpoint.write("POST", "/1/indexes/{indexName}/rules/clear").named("clearRules");
    /** Search the rules of an index. */
    static final Endpoint SEARCH_RULES =
            Endpoint.read("POST", "/1/indexes/{indexName}/rules/search").named("searchRules");

    // Dictionaries
    /** Add or delete dictionary entries. */
    static final Endpoint BATCH_DICTIONARY_ENTRIES =
            Endpoint.write("POST", "/1/dictionaries/{dictionaryName}/batch").named("batchDictionaryEntries");
    /** Search dictionary entries, parameters in the query string (the view {@code withParametersInUrl()}). */
    static final Endpoint SEARCH_DICTIONARY_ENTRIES_GET =
            Endpoint.read("GET", "/1/dictionaries/{dictionaryName}/search").named("searchDictionaryEntries");
    /** Search dictionary entries, parameters in the body. */
    static final Endpoint SEARCH_DICTIONARY_ENTRIES =
            Endpoint.read("POST", "/1/dictionaries/{dictionaryName}/search").named("searchDictionaryEntries");
    /** Change which standard dictionary entries are disabled. */
    static final Endpoint SET_DICTIONARY_SETTINGS =
            Endpoint.write("PUT", "/1/dictionaries/*/settings").named("setDictionarySettings");
    /** Read which standard dictionary entries are disabled. */
    static final Endpoint GET_DICTIONARY_SETTINGS =
            Endpoint.read("GET", "/1/dictionaries/*/settings").named("getDictionarySettings");
    /** List the languages and their custom entry counts. */
    static final Endpoint GET_DICTIONARY_LANGUAGES =
            Endpoint.read("GET", "/1/dictionaries/*/languages").named("getDictionaryLanguages");

    // Multi-cluster user mapping
    /** Assign one user to a cluster (the user in the {@code X-Service-User-ID} header). */
    static final Endpoint ASSIGN_USER_ID =
            Endpoint.write("POST", "/1/clusters/mapping").named("assignUserId");
    /** Assign several users to a cluster. */
    static final Endpoint BATCH_ASSIGN_USER_IDS =
            Endpoint.write("POST", "/1/clusters/mapping/batch").named("batchAssignUserIds");
    /** The top users of each cluster. */
    static final Endpoint GET_TOP_USER_IDS =
            Endpoint.read("GET", "/1/clusters/mapping/top").named("getTopUserIds");
    /** One user's mapping. */
    static final Endpoint GET_USER_ID =
            Endpoint.read("GET", "/1/clusters/mapping/{userID}").named("getUserId");
    /** The clusters. */
    static final Endpoint LIST_CLUSTERS = Endpoint.read("GET", "/1/clusters").named("listClusters");
    /** One page of user mappings. */
    static final Endpoint LIST_USER_IDS =
            Endpoint.read("GET", "/1/clusters/mapping").named("listUserIds");
    /** Remove a user's mapping (and data). */
    static final Endpoint REMOVE_USER_ID =
            Endpoint.write("DELETE", "/1/clusters/mapping/{userID}").named("removeUserId");
    /** Search the user mappings. */
    static final Endpoint SEARCH_USER_IDS =
            Endpoint.read("POST", "/1/clusters/mapping/search").named("searchUserIds");
    /** Whether user mappings are still being applied. */
    static final Endpoint HAS_PENDING_MAPPINGS =
            Endpoint.read("GET", "/1/clusters/mapping/pending").named("hasPendingMappings");

    // Tasks, indices, settings, synonyms, logs
    /** Status of a task of an index. */
    static final Endpoint GET_TASK =
            Endpoint.read("GET", "/1/indexes/{indexName}/task/{taskID}").named("getTask");
    /** Status of an application-level task (dictionary batches). */
    static final Endpoint GET_APP_TASK =
            Endpoint.read("GET", "/1/task/{taskID}").named("getAppTask");
    /** List the indices. */
    static final Endpoint LIST_INDICES = Endpoint.read("GET", "/1/indexes").named("listIndices");
    /** Delete an index. */
    static final Endpoint DELETE_INDEX =
            Endpoint.write("DELETE", "/1/indexes/{indexName}").named("deleteIndex");
    /** Read an index's settings. */
    static final Endpoint GET_SETTINGS =
            Endpoint.read("GET", "/1/indexes/{indexName}/settings").named("getSettings");
    /** Change an index's settings. */
    static final Endpoint SET_SETTINGS =
            Endpoint.write("PUT", "/1/indexes/{indexName}/settings").named("setSettings");
    /** Copy or move an index. */
    static final Endpoint OPERATION_INDEX =
            Endpoint.write("POST", "/1/indexes/{indexName}/operation").named("copyOrMoveIndex");
    /** Create or replace a synonym. */
    static final Endpoint SAVE_SYNONYM =
            Endpoint.write("PUT", "/1/indexes/{indexName}/synonyms/{objectID}").named("saveSynonym");
    /** Create or replace several synonyms. */
    static final Endpoint SAVE_SYNONYMS =
            Endpoint.write("POST", "/1/indexes/{indexName}/synonyms/batch").named("saveSynonyms");
    /** Read a synonym. */
    static final Endpoint GET_SYNONYM =
            Endpoint.read("GET", "/1/indexes/{indexName}/synonyms/{objectID}").named("getSynonym");
    /** Delete a synonym. */
    static final Endpoint DELETE_SYNONYM = Endpoint.write("DELETE", "/1/indexes/{indexName}/synonyms/{objectID}")
            .named("deleteSynonym");
    /** Delete every synonym of an index. */
    static final Endpoint CLEAR_SYNONYMS =
            Endpoint.write("POST", "/1/indexes/{indexName}/synonyms/clear").named("clearSynonyms");
    /** Search the synonyms of an index. */
    static final Endpoint SEARCH_SYNONYMS =
            Endpoint.read("POST", "/1/indexes/{indexName}/synonyms/search").named("searchSynonyms");
    /** The latest API calls of the application. */
    static final Endpoint GET_LOGS = Endpoint.read("GET", "/1/logs").named("getLogs");

    private Endpoints() {}
}
