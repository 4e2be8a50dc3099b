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
                .add(searching("POST", "/1/indexes/{indexName}/query", QUERIES, SEARCH, Set.of(), search::searchPost))
                .add(searching("GET", "/1/indexes/{indexName}", QUERIES, SEARCH, ANY, search::searchGet))
                .add(searching("POST", "/1/indexes/*/queries", MULTI_QUERIES, SEARCH, Set.of(), search::multiSearch))
                .add(searching(
                        "POST",
                        "/1/indexes/{indexName}/facets/{facetName}/query",
                        SEARCH_FACET_VALUES,
                        SEARCH,
                        Set.of(),
                        search::facetValues))
                .add(reading(
                        "POST",
                        "/1/indexes/{indexName}/browse",
                        Operation.BROWSE,
                        BROWSE,
                        Set.of(),
                        search::browsePost))
                .add(reading("GET", "/1/indexes/{indexName}/browse", Operation.BROWSE, BROWSE, ANY, search::browseGet))
                // records
                .add(indexing("POST", "/1/indexes/{indexName}", ADD_RECORD, ADD_OBJECT, Set.of(), records::add))
                .add(indexing(
                        "PUT",
                        "/1/indexes/{indexName}/{objectID}",
                        UPDATE_RECORD,
                        ADD_OBJECT,
                        Set.of(),
                        records::replace))
                .add(indexing(
                        "DELETE",
                        "/1/indexes/{indexName}/{objectID}",
                        DELETE_RECORD,
                        DELETE_OBJECT,
                        Set.of(),
                        records::delete))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/deleteByQuery",
                        DELETE_BY_QUERY,
                        DELETE_INDEX,
                        Set.of(),
                        records::deleteByQuery))
                .add(indexing(
                        "POST", "/1/indexes/{indexName}/clear", CLEAR_INDEX, DELETE_INDEX, Set.of(), records::clear))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/{objectID}/partial",
                        PARTIAL_UPDATE_RECORD,
                        ADD_OBJECT,
                        Set.of("createIfNotExists"),
                        records::partial))
                .add(indexing("POST", "/1/indexes/{indexName}/batch", BATCH, PER_OPERATION, Set.of(), records::batch))
                .add(indexing("POST", "/1/indexes/*/batch", BATCH, PER_OPERATION, Set.of(), records::multiIndexBatch))
                .add(reading("POST", "/1/indexes/*/objects", GET_RECORD, SEARCH, Set.of(), records::getObjects))
                .add(reading(
                        "GET",
                        "/1/indexes/{indexName}/{objectID}",
                        GET_RECORD,
                        SEARCH,
                        Set.of("attributesToRetrieve"),
                        records::get))
                // tasks
                .add(reading(
                        "GET", "/1/indexes/{indexName}/task/{taskID}", WAIT_TASK, ANY_KEY, Set.of(), tasks::indexTask))
                .add(reading("GET", "/1/task/{taskID}", WAIT_TASK, ANY_KEY, Set.of(), tasks::applicationTask))
                // indices
                .add(reading(
                        "GET", "/1/indexes", LIST_INDICES, LIST_INDEXES, Set.of("page", "hitsPerPage"), indexes::list))
                .add(indexing(
                        "DELETE",
                        "/1/indexes/{indexName}",
                        Operation.DELETE_INDEX,
                        DELETE_INDEX,
                        Set.of(),
                        indexes::delete))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/operation",
                        COPY_MOVE,
                        ADD_OBJECT,
                        Set.of(),
                        indexes::operation))
                // settings
                .add(reading(
                        "GET",
                        "/1/indexes/{indexName}/settings",
                        GET_SETTINGS,
                        SETTINGS,
                        Set.of("getVersion"),
                        settings::get))
                .add(indexing(
                        "PUT", "/1/indexes/{indexName}/settings", SET_SETTINGS, EDIT_SETTINGS, forward, settings::set))
                // synonyms
                .add(indexing(
                        "PUT",
                        "/1/indexes/{indexName}/synonyms/{objectID}",
                        UPDATE_SYNONYM,
                        EDIT_SETTINGS,
                        forward,
                        synonyms::save))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/synonyms/batch",
                        BATCH_SYNONYM,
                        EDIT_SETTINGS,
                        Set.of("forwardToReplicas", "replaceExistingSynonyms"),
                        synonyms::batch))
                .add(reading(
                        "GET",
                        "/1/indexes/{indexName}/synonyms/{objectID}",
                        GET_SYNONYM,
                        SETTINGS,
                        Set.of(),
                        synonyms::get))
                .add(indexing(
                        "DELETE",
                        "/1/indexes/{indexName}/synonyms/{objectID}",
                        DELETE_SYNONYM,
                        EDIT_SETTINGS,
                        forward,
                        synonyms::delete))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/synonyms/clear",
                        CLEAR_SYNONYM,
                        EDIT_SETTINGS,
                        forward,
                        synonyms::clear))
                .add(reading(
                        "POST",
                        "/1/indexes/{indexName}/synonyms/search",
                        QUERY_SYNONYM,
                        SETTINGS,
                        Set.of(),
                        synonyms::search))
                // rules
                .add(indexing(
                        "PUT",
                        "/1/indexes/{indexName}/rules/{objectID}",
                        SAVE_RULES,
                        EDIT_SETTINGS,
                        forward,
                        rules::save))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/rules/batch",
                        BATCH_RULES,
                        EDIT_SETTINGS,
                        Set.of("forwardToReplicas", "clearExistingRules"),
                        rules::batch))
                .add(reading(
                        "GET", "/1/indexes/{indexName}/rules/{objectID}", GET_RULES, SETTINGS, Set.of(), rules::get))
                .add(indexing(
                        "DELETE",
                        "/1/indexes/{indexName}/rules/{objectID}",
                        DELETE_RULES,
                        EDIT_SETTINGS,
                        forward,
                        rules::delete))
                .add(indexing(
                        "POST",
                        "/1/indexes/{indexName}/rules/clear",
                        CLEAR_RULES,
                        EDIT_SETTINGS,
                        forward,
                        rules::clear))
                .add(reading(
                        "POST", "/1/indexes/{indexName}/rules/search", SEARCH_RULES, SETTINGS, Set.of(), rules::search))
                // API keys: the admin key only
                .add(writing("POST", "/1/keys", ADD_API_KEY, ADMIN, Set.of(), keys::create))
                .add(writing("PUT", "/1/keys/{key}", UPDATE_API_KEY, ADMIN, Set.of(), keys::update))
                .add(reading("GET", "/1/keys", LIST_API_KEY, ADMIN, Set.of(), keys::list))
                .add(reading("GET", "/1/keys/{key}", GET_API_KEY, ADMIN, Set.of(), keys::get))
                .add(writing("DELETE", "/1/keys/{key}", DELETE_API_KEY, ADMIN, Set.of(), keys::delete))
                .add(writing("POST", "/1/keys/{key}/restore", ADD_API_KEY, ADMIN, Set.of(), keys::restore))
                .add(writing("POST", "/1/indexes/{indexName}/keys", ADD_API_KEY, ADMIN, Set.of(), keys::createForIndex))
                .add(writing(
                        "PUT",
                        "/1/indexes/{indexName}/keys/{key}",
                        UPDATE_API_KEY,
                        ADMIN,
                        Set.of(),
                        keys::updateForIndex))
                .add(reading("GET", "/1/indexes/{indexName}/keys", GET_API_KEYS, ADMIN, Set.of(), keys::listForIndex))
                .add(reading("GET", "/1/indexes/*/keys", GET_API_KEYS, ADMIN, Set.of(), keys::listAllIndexKeys))
                .add(reading(
                        "GET", "/1/indexes/{indexName}/keys/{key}", GET_API_KEY, ADMIN, Set.of(), keys::getForIndex))
                .add(writing(
                        "DELETE",
                        "/1/indexes/{indexName}/keys/{key}",
                        DELETE_API_KEY,
                        ADMIN,
                        Set.of(),
                        keys::deleteForIndex))
                // dictionaries
                .add(writing(
                        "POST",
                        "/1/dictionaries/{dictionaryName}/batch",
                        NOT_COUNTED,
                        EDIT_SETTINGS,
                        Set.of(),
                        dictionaries::batch))
                .add(reading(
                        "GET",
                        "/1/dictionaries/{dictionaryName}/search",
                        NOT_COUNTED,
                        SETTINGS,
                        Set.of("query", "page", "hitsPerPage", "language"),
                        dictionaries::searchGet))
                .add(reading(
                        "POST",
                        "/1/dictionaries/{dictionaryName}/search",
                        NOT_COUNTED,
                        SETTINGS,
                        Set.of(),
                        dictionaries::searchPost))
                .add(writing(
                        "PUT",
                        "/1/dictionaries/*/settings",
                        NOT_COUNTED,
                        EDIT_SETTINGS,
                        Set.of(),
                        dictionaries::setSettings))
                .add(reading(
                        "GET",
                        "/1/dictionaries/*/settings",
                        NOT_COUNTED,
                        SETTINGS,
                        Set.of(),
                        dictionaries::getSettings))
                .add(reading(
                        "GET", "/1/dictionaries/*/languages", NOT_COUNTED, SETTINGS, Set.of(), dictionaries::languages))
                // multi-cluster user mapping: the admin key only
                .add(writing("POST", "/1/clusters/mapping", NOT_COUNTED, USER_MAPPING, Set.of(), clusters::assign))
                .add(writing(
                        "POST",
                        "/1/clusters/mapping/batch",
                        NOT_COUNTED,
                        USER_MAPPING,
                        Set.of(),
                        clusters::assignBatch))
                .add(reading("GET", "/1/clusters/mapping/top", NOT_COUNTED, USER_MAPPING, Set.of(), clusters::top))
                .add(reading("GET", "/1/clusters/mapping/{userID}", NOT_COUNTED, USER_MAPPING, Set.of(), clusters::get))
                .add(reading("GET", "/1/clusters", NOT_COUNTED, USER_MAPPING, Set.of(), clusters::clusters))
                .add(reading(
                        "GET",
                        "/1/clusters/mapping",
                        NOT_COUNTED,
                        USER_MAPPING,
                        Set.of("page", "hitsPerPage"),
                        clusters::list))
                .add(writing(
                        "DELETE",
                        "/1/clusters/mapping/{userID}",
                        NOT_COUNTED,
                        USER_MAPPING,
                        Set.of(),
                        clusters::remove))
                .add(reading(
                        "POST", "/1/clusters/mapping/search", NOT_COUNTED, USER_MAPPING, Set.of(), clusters::search))
                .add(reading(
                        "GET",
                        "/1/clusters/mapping/pending",
                        NOT_COUNTED,
                        USER_MAPPING,
                        Set.of("getClusters"),
                        clusters::pending))
                // logs
                .add(reading(
                        "GET", "/1/logs", GET_LOG, LOGS, Set.of("offset", "length", "indexName", "type"), logs::logs));
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
