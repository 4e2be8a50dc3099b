package io.quarry.mockserver.internal.products.search;

import static io.quarry.mockserver.internal.http.Access.ADD_OBJECT;
import static io.quarry.mockserver.internal.http.Access.ADMIN;
import static io.quarry.mockserver.internal.http.Access.ANY_KEY;
import static io.quarry.mockserver.internal.http.Access.BROWSE;
import static io.quarry.mockserver.internal.http.Access.DELETE_INDEX;
import static io.quarry.mockserver.internal.http.Access.DELETE_OBJECT;
import static io.quarry.mockserver.internal.http.Access.EDIT_SETTINGS;
import static io.quarry.mockserver.internal.http.Access.LIST_INDEXES;
import static io.quarry.mockserver.internal.http.Access.LOGS;
import static io.quarry.mockserver.internal.http.Access.PER_OPERATION;
import static io.quarry.mockserver.internal.http.Access.SEARCH;
import static io.quarry.mockserver.internal.http.Access.SETTINGS;
import static io.quarry.mockserver.internal.http.Access.USER_MAPPING;
import static io.quarry.mockserver.internal.http.Operation.ADD_API_KEY;
import static io.quarry.mockserver.internal.http.Operation.ADD_RECORD;
import static io.quarry.mockserver.internal.http.Operation.BATCH;
import static io.quarry.mockserver.internal.http.Operation.BATCH_RULES;
import static io.quarry.mockserver.internal.http.Operation.BATCH_SYNONYM;
import static io.quarry.mockserver.internal.http.Operation.CLEAR_INDEX;
import static io.quarry.mockserver.internal.http.Operation.CLEAR_RULES;
import static io.quarry.mockserver.internal.http.Operation.CLEAR_SYNONYM;
import static io.quarry.mockserver.internal.http.Operation.COPY_MOVE;
import static io.quarry.mockserver.internal.http.Operation.DELETE_API_KEY;
import static io.quarry.mockserver.internal.http.Operation.DELETE_BY_QUERY;
import static io.quarry.mockserver.internal.http.Operation.DELETE_RECORD;
import static io.quarry.mockserver.internal.http.Operation.DELETE_RULES;
import static io.quarry.mockserver.internal.http.Operation.DELETE_SYNONYM;
import static io.quarry.mockserver.internal.http.Operation.GET_API_KEY;
import static io.quarry.mockserver.internal.http.Operation.GET_API_KEYS;
import static io.quarry.mockserver.internal.http.Operation.GET_LOG;
import static io.quarry.mockserver.internal.http.Operation.GET_RECORD;
import static io.quarry.mockserver.internal.http.Operation.GET_RULES;
import static io.quarry.mockserver.internal.http.Operation.GET_SETTINGS;
import static io.quarry.mockserver.internal.http.Operation.GET_SYNONYM;
import static io.quarry.mockserver.internal.http.Operation.LIST_API_KEY;
import static io.quarry.mockserver.internal.http.Operation.LIST_INDICES;
import static io.quarry.mockserver.internal.http.Operation.MULTI_QUERIES;
import static io.quarry.mockserver.internal.http.Operation.NOT_COUNTED;
import static io.quarry.mockserver.internal.http.Operation.PARTIAL_UPDATE_RECORD;
import static io.quarry.mockserver.internal.http.Operation.QUERIES;
import static io.quarry.mockserver.internal.http.Operation.QUERY_SYNONYM;
import static io.quarry.mockserver.internal.http.Operation.SAVE_RULES;
import static io.quarry.mockserver.internal.http.Operation.SEARCH_FACET_VALUES;
import static io.quarry.mockserver.internal.http.Operation.SEARCH_RULES;
import static io.quarry.mockserver.internal.http.Operation.SET_SETTINGS;
import static io.quarry.mockserver.internal.http.Operation.UPDATE_API_KEY;
import static io.quarry.mockserver.internal.http.Operation.UPDATE_RECORD;
import static io.quarry.mockserver.internal.http.Operation.UPDATE_SYNONYM;
import static io.quarry.mockserver.internal.http.Operation.WAIT_TASK;

import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Handler;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.products.ServiceContext;
import io.quarry.mockserver.internal.state.Application;
import java.util.Set;

/**
 * The search product: every route of the search API in one place, with its method, path template (exactly as the
 * service documents it), the right a key needs (where the service documents none: getting records and
 * {@code POST /1/indexes/*}{@code /objects} need search, dictionaries need settings to read and editSettings to
 * write, task status needs any valid key), the operation usage counts it as, its kind of work (the helper that
 * builds it: {@code searching}, {@code indexing}, {@code reading}, {@code writing}), the URL parameters it
 * understands (checked in strict mode) and its handler. Its state is the application's indices, keys, dictionaries
 * and user mappings.
 */
public final class SearchProduct implements Product {

    /** Marks routes whose URL parameters are search parameters, left to the engine. */
    private static final Set<String> ANY = null;

    private final ServiceContext context;

    /**
     * The search API over the shared application state and engine.
     *
     * @param context what products share
     */
    public SearchProduct(ServiceContext context) {
        this.context = context;
    }

    @Override
    public String name() {
        return "search";
    }

    @Override
    public void register(ProductRoutes routes) {
        Application app = context.app();
        SearchEngine engine = context.engine();
        IndexRoutes indexes = new IndexRoutes(app);
        SettingsRoutes settings = new SettingsRoutes(app, context.strict());
        SynonymRoutes synonyms = new SynonymRoutes(app);
        RecordRoutes records = new RecordRoutes(app, engine);
        SearchRoutes search = new SearchRoutes(app, engine, context.searchHooks());
        TaskRoutes tasks = new TaskRoutes(app);
        KeyRoutes keys = new KeyRoutes(app);
        RuleRoutes rules = new RuleRoutes(app);
        DictionaryRoutes dictionaries = new DictionaryRoutes(app);
        ClusterRoutes clusters = new ClusterRoutes(app);
        LogRoutes logs = new LogRoutes(app);
        Set<String> forward = Set.of("forwardToReplicas");
        routes
                // search and browse
                .add(searching(
                        "POST",
                        "/1/indexes/{indexName}/query",
                        QUERIES,
                        SEARCH,
                        Set.of(),
                        search.handler(SearchRoutes.SEARCH_POST)))
                .add(searching(
                        "GET", "/1/indexes/{indexName}", QUERIES, SEARCH, ANY, search.handler(SearchRoutes.SEARCH_GET)))
                .add(searching(
                        "POST",
                        "/1/indexes/*/queries",
                        MULTI_QUERIES,
                        SEARCH,
                        Set.of(),
                        search.handler(SearchRoutes.MULTI_SEARCH)))
                .add(searching(
                        "POST",
                        "/1/indexes/{indexName}/facets/{facetName}/query",
                        SEARCH_FACET_VALUES,
                        SEARCH,
                        Set.of(),
                        search.handler(SearchRoutes.FACET_VALUES)))
                .add(reading(
                        "POST",
                        "/1/indexes/{indexName}/browse",
                        Operation.BROWSE,
                        BROWSE,
                        Set.of(),
                        search.handler(SearchRoutes.BROWSE_POST)))
                .add(reading(
                        "GET",
                        "/1/indexes/{indexName}/browse",
                        Operation.BROWSE,
                        BROWSE,
                        ANY,
                        search.handler(SearchRoutes.BROWSE_GET)))
                // records
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}",
                        ADD_RECORD,
                        ADD_OBJECT,
                        Set.of(),
                        records.handler(RecordRoutes.ADD)))
                .add(indexing(
                        "PUT",
                        "/1/indexes/{indexName}/{objectID}",
                        UPDATE_RECORD,
                        ADD_OBJECT,
                        Set.of(),
                        records.handler(RecordRoutes.REPLACE)))
                .add(indexing(
                        "DELETE",
                        "/1/indexes/{indexName}/{objectID}",
                        DELETE_RECORD,
                        DELETE_OBJECT,
                        Set.of(),
                        records.handler(RecordRoutes.DELETE)))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/deleteByQuery",
                        DELETE_BY_QUERY,
                        DELETE_INDEX,
                        Set.of(),
                        records.handler(RecordRoutes.DELETE_BY_QUERY)))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/clear",
                        CLEAR_INDEX,
                        DELETE_INDEX,
                        Set.of(),
                        records.handler(RecordRoutes.CLEAR)))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/{objectID}/partial",
                        PARTIAL_UPDATE_RECORD,
                        ADD_OBJECT,
                        Set.of("createIfNotExists"),
                        records.handler(RecordRoutes.PARTIAL)))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/batch",
                        BATCH,
                        PER_OPERATION,
                        Set.of(),
                        records.handler(RecordRoutes.BATCH)))
                .add(indexing(
                        "POST",
                        "/1/indexes/*/batch",
                        BATCH,
                        PER_OPERATION,
                        Set.of(),
                        records.handler(RecordRoutes.MULTI_INDEX_BATCH)))
                .add(reading(
                        "POST",
                        "/1/indexes/*/objects",
                        GET_RECORD,
                        SEARCH,
                        Set.of(),
                        records.handler(RecordRoutes.GET_OBJECTS)))
                .add(reading(
                        "GET",
                        "/1/indexes/{indexName}/{objectID}",
                        GET_RECORD,
                        SEARCH,
                        Set.of("attributesToRetrieve"),
                        records.handler(RecordRoutes.GET)))
                // tasks
                .add(reading(
                        "GET",
                        "/1/indexes/{indexName}/task/{taskID}",
                        WAIT_TASK,
                        ANY_KEY,
                        Set.of(),
                        tasks.handler(TaskRoutes.INDEX_TASK)))
                .add(reading(
                        "GET",
                        "/1/task/{taskID}",
                        WAIT_TASK,
                        ANY_KEY,
                        Set.of(),
                        tasks.handler(TaskRoutes.APPLICATION_TASK)))
                // indices
                .add(reading(
                        "GET",
                        "/1/indexes",
                        LIST_INDICES,
                        LIST_INDEXES,
                        Set.of("page", "hitsPerPage"),
                        indexes.handler(IndexRoutes.LIST)))
                .add(indexing(
                        "DELETE",
                        "/1/indexes/{indexName}",
                        Operation.DELETE_INDEX,
                        DELETE_INDEX,
                        Set.of(),
                        indexes.handler(IndexRoutes.DELETE)))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/operation",
                        COPY_MOVE,
                        ADD_OBJECT,
                        Set.of(),
                        indexes.handler(IndexRoutes.OPERATION)))
                // settings
                .add(reading(
                        "GET",
                        "/1/indexes/{indexName}/settings",
                        GET_SETTINGS,
                        SETTINGS,
                        Set.of("getVersion"),
                        settings.handler(SettingsRoutes.GET)))
                .add(indexing(
                        "PUT",
                        "/1/indexes/{indexName}/settings",
                        SET_SETTINGS,
                        EDIT_SETTINGS,
                        forward,
                        settings.handler(SettingsRoutes.SET)))
                // synonyms
                .add(indexing(
                        "PUT",
                        "/1/indexes/{indexName}/synonyms/{objectID}",
                        UPDATE_SYNONYM,
                        EDIT_SETTINGS,
                        forward,
                        synonyms.handler(SynonymRoutes.SAVE)))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/synonyms/batch",
                        BATCH_SYNONYM,
                        EDIT_SETTINGS,
                        Set.of("forwardToReplicas", "replaceExistingSynonyms"),
                        synonyms.handler(SynonymRoutes.BATCH)))
                .add(reading(
                        "GET",
                        "/1/indexes/{indexName}/synonyms/{objectID}",
                        GET_SYNONYM,
                        SETTINGS,
                        Set.of(),
                        synonyms.handler(SynonymRoutes.GET)))
                .add(indexing(
                        "DELETE",
                        "/1/indexes/{indexName}/synonyms/{objectID}",
                        DELETE_SYNONYM,
                        EDIT_SETTINGS,
                        forward,
                        synonyms.handler(SynonymRoutes.DELETE)))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/synonyms/clear",
                        CLEAR_SYNONYM,
                        EDIT_SETTINGS,
                        forward,
                        synonyms.handler(SynonymRoutes.CLEAR)))
                .add(reading(
                        "POST",
                        "/1/indexes/{indexName}/synonyms/search",
                        QUERY_SYNONYM,
                        SETTINGS,
                        Set.of(),
                        synonyms.handler(SynonymRoutes.SEARCH)))
                // rules
                .add(indexing(
                        "PUT",
                        "/1/indexes/{indexName}/rules/{objectID}",
                        SAVE_RULES,
                        EDIT_SETTINGS,
                        forward,
                        rules.handler(RuleRoutes.SAVE)))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/rules/batch",
                        BATCH_RULES,
                        EDIT_SETTINGS,
                        Set.of("forwardToReplicas", "clearExistingRules"),
                        rules.handler(RuleRoutes.BATCH)))
                .add(reading(
                        "GET",
                        "/1/indexes/{indexName}/rules/{objectID}",
                        GET_RULES,
                        SETTINGS,
                        Set.of(),
                        rules.handler(RuleRoutes.GET)))
                .add(indexing(
                        "DELETE",
                        "/1/indexes/{indexName}/rules/{objectID}",
                        DELETE_RULES,
                        EDIT_SETTINGS,
                        forward,
                        rules.handler(RuleRoutes.DELETE)))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/rules/clear",
                        CLEAR_RULES,
                        EDIT_SETTINGS,
                        forward,
                        rules.handler(RuleRoutes.CLEAR)))
                .add(reading(
                        "POST",
                        "/1/indexes/{indexName}/rules/search",
                        SEARCH_RULES,
                        SETTINGS,
                        Set.of(),
                        rules.handler(RuleRoutes.SEARCH)))
                // API keys: the admin key only
                .add(writing("POST", "/1/keys", ADD_API_KEY, ADMIN, Set.of(), keys.handler(KeyRoutes.CREATE)))
                .add(writing("PUT", "/1/keys/{key}", UPDATE_API_KEY, ADMIN, Set.of(), keys.handler(KeyRoutes.UPDATE)))
                .add(reading("GET", "/1/keys", LIST_API_KEY, ADMIN, Set.of(), keys.handler(KeyRoutes.LIST)))
                .add(reading("GET", "/1/keys/{key}", GET_API_KEY, ADMIN, Set.of(), keys.handler(KeyRoutes.GET)))
                .add(writing(
                        "DELETE", "/1/keys/{key}", DELETE_API_KEY, ADMIN, Set.of(), keys.handler(KeyRoutes.DELETE)))
                .add(writing(
                        "POST", "/1/keys/{key}/restore", ADD_API_KEY, ADMIN, Set.of(), keys.handler(KeyRoutes.RESTORE)))
                .add(writing(
                        "POST",
                        "/1/indexes/{indexName}/keys",
                        ADD_API_KEY,
                        ADMIN,
                        Set.of(),
                        keys.handler(KeyRoutes.CREATE_FOR_INDEX)))
                .add(writing(
                        "PUT",
                        "/1/indexes/{indexName}/keys/{key}",
                        UPDATE_API_KEY,
                        ADMIN,
                        Set.of(),
                        keys.handler(KeyRoutes.UPDATE_FOR_INDEX)))
                .add(reading(
                        "GET",
                        "/1/indexes/{indexName}/keys",
                        GET_API_KEYS,
                        ADMIN,
                        Set.of(),
                        keys.handler(KeyRoutes.LIST_FOR_INDEX)))
                .add(reading(
                        "GET",
                        "/1/indexes/*/keys",
                        GET_API_KEYS,
                        ADMIN,
                        Set.of(),
                        keys.handler(KeyRoutes.LIST_ALL_INDEX_KEYS)))
                .add(reading(
                        "GET",
                        "/1/indexes/{indexName}/keys/{key}",
                        GET_API_KEY,
                        ADMIN,
                        Set.of(),
                        keys.handler(KeyRoutes.GET_FOR_INDEX)))
                .add(writing(
                        "DELETE",
                        "/1/indexes/{indexName}/keys/{key}",
                        DELETE_API_KEY,
                        ADMIN,
                        Set.of(),
                        keys.handler(KeyRoutes.DELETE_FOR_INDEX)))
                // dictionaries
                .add(writing(
                        "POST",
                        "/1/dictionaries/{dictionaryName}/batch",
                        NOT_COUNTED,
                        EDIT_SETTINGS,
                        Set.of(),
                        dictionaries.handler(DictionaryRoutes.BATCH)))
                .add(reading(
                        "GET",
                        "/1/dictionaries/{dictionaryName}/search",
                        NOT_COUNTED,
                        SETTINGS,
                        Set.of("query", "page", "hitsPerPage", "language"),
                        dictionaries.handler(DictionaryRoutes.SEARCH_GET)))
                .add(reading(
                        "POST",
                        "/1/dictionaries/{dictionaryName}/search",
                        NOT_COUNTED,
                        SETTINGS,
                        Set.of(),
                        dictionaries.handler(DictionaryRoutes.SEARCH_POST)))
                .add(writing(
                        "PUT",
                        "/1/dictionaries/*/settings",
                        NOT_COUNTED,
                        EDIT_SETTINGS,
                        Set.of(),
                        dictionaries.handler(DictionaryRoutes.SET_SETTINGS)))
                .add(reading(
                        "GET",
                        "/1/dictionaries/*/settings",
                        NOT_COUNTED,
                        SETTINGS,
                        Set.of(),
                        dictionaries.handler(DictionaryRoutes.GET_SETTINGS)))
                .add(reading(
                        "GET",
                        "/1/dictionaries/*/languages",
                        NOT_COUNTED,
                        SETTINGS,
                        Set.of(),
                        dictionaries.handler(DictionaryRoutes.LANGUAGES)))
                // multi-cluster user mapping: the admin key only
                .add(writing(
                        "POST",
                        "/1/clusters/mapping",
                        NOT_COUNTED,
                        USER_MAPPING,
                        Set.of(),
                        clusters.handler(ClusterRoutes.ASSIGN)))
                .add(writing(
                        "POST",
                        "/1/clusters/mapping/batch",
                        NOT_COUNTED,
                        USER_MAPPING,
                        Set.of(),
                        clusters.handler(ClusterRoutes.ASSIGN_BATCH)))
                .add(reading(
                        "GET",
                        "/1/clusters/mapping/top",
                        NOT_COUNTED,
                        USER_MAPPING,
                        Set.of(),
                        clusters.handler(ClusterRoutes.TOP)))
                .add(reading(
                        "GET",
                        "/1/clusters/mapping/{userID}",
                        NOT_COUNTED,
                        USER_MAPPING,
                        Set.of(),
                        clusters.handler(ClusterRoutes.GET)))
                .add(reading(
                        "GET",
                        "/1/clusters",
                        NOT_COUNTED,
                        USER_MAPPING,
                        Set.of(),
                        clusters.handler(ClusterRoutes.CLUSTERS)))
                .add(reading(
                        "GET",
                        "/1/clusters/mapping",
                        NOT_COUNTED,
                        USER_MAPPING,
                        Set.of("page", "hitsPerPage"),
                        clusters.handler(ClusterRoutes.LIST)))
                .add(writing(
                        "DELETE",
                        "/1/clusters/mapping/{userID}",
                        NOT_COUNTED,
                        USER_MAPPING,
                        Set.of(),
                        clusters.handler(ClusterRoutes.REMOVE)))
                .add(reading(
                        "POST",
                        "/1/clusters/mapping/search",
                        NOT_COUNTED,
                        USER_MAPPING,
                        Set.of(),
                        clusters.handler(ClusterRoutes.SEARCH)))
                .add(reading(
                        "GET",
                        "/1/clusters/mapping/pending",
                        NOT_COUNTED,
                        USER_MAPPING,
                        Set.of("getClusters"),
                        clusters.handler(ClusterRoutes.PENDING)))
                // logs
                .add(reading(
                        "GET",
                        "/1/logs",
                        GET_LOG,
                        LOGS,
                        Set.of("offset", "length", "indexName", "type"),
                        logs.handler(LogRoutes.LOGS)));
    }

    private static Route searching(
            String method, String template, Operation operation, Access access, Set<String> params, Handler handler) {
        return new Route(method, template, access, params, operation, Work.SEARCH, handler);
    }

    private static Route indexing(
            String method, String template, Operation operation, Access access, Set<String> params, Handler handler) {
        return new Route(method, template, access, params, operation, Work.INDEXING, handler);
    }

    private static Route reading(
            String method, String template, Operation operation, Access access, Set<String> params, Handler handler) {
        return new Route(method, template, access, params, operation, Work.READ, handler);
    }

    private static Route writing(
            String method, String template, Operation operation, Access access, Set<String> params, Handler handler) {
        return new Route(method, template, access, params, operation, Work.WRITE, handler);
    }
}
