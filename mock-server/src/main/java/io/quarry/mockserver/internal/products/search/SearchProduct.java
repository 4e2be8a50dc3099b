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

import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Handler;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.products.ServiceContext;
import io.quarry.mockserver.internal.state.Application;
import java.util.Set;

/**
 * The search product: every route of the search API in one place, with its method, path template (exactly as the
 * service documents it), the right a key needs (where the service documents none: getting records and
 * {@code POST /1/indexes/*}{@code /objects} need search, dictionaries need settings to read and editSettings to
 * write, task status needs any valid key), the URL parameters it understands (checked in strict mode) and its
 * handler. Its state is the application's indices, keys, dictionaries and user mappings.
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
                .add(api("POST", "/1/indexes/{indexName}/query", SEARCH, Set.of(), search::searchPost))
                .add(api("GET", "/1/indexes/{indexName}", SEARCH, ANY, search::searchGet))
                .add(api("POST", "/1/indexes/*/queries", SEARCH, Set.of(), search::multiSearch))
                .add(api(
                        "POST",
                        "/1/indexes/{indexName}/facets/{facetName}/query",
                        SEARCH,
                        Set.of(),
                        search::facetValues))
                .add(api("POST", "/1/indexes/{indexName}/browse", BROWSE, Set.of(), search::browsePost))
                .add(api("GET", "/1/indexes/{indexName}/browse", BROWSE, ANY, search::browseGet))
                // records
                .add(api("POST", "/1/indexes/{indexName}", ADD_OBJECT, Set.of(), records::add))
                .add(api("PUT", "/1/indexes/{indexName}/{objectID}", ADD_OBJECT, Set.of(), records::replace))
                .add(api("DELETE", "/1/indexes/{indexName}/{objectID}", DELETE_OBJECT, Set.of(), records::delete))
                .add(api(
                        "POST", "/1/indexes/{indexName}/deleteByQuery", DELETE_INDEX, Set.of(), records::deleteByQuery))
                .add(api("POST", "/1/indexes/{indexName}/clear", DELETE_INDEX, Set.of(), records::clear))
                .add(api(
                        "POST",
                        "/1/indexes/{indexName}/{objectID}/partial",
                        ADD_OBJECT,
                        Set.of("createIfNotExists"),
                        records::partial))
                .add(api("POST", "/1/indexes/{indexName}/batch", PER_OPERATION, Set.of(), records::batch))
                .add(api("POST", "/1/indexes/*/batch", PER_OPERATION, Set.of(), records::multiIndexBatch))
                .add(api("POST", "/1/indexes/*/objects", SEARCH, Set.of(), records::getObjects))
                .add(api(
                        "GET",
                        "/1/indexes/{indexName}/{objectID}",
                        SEARCH,
                        Set.of("attributesToRetrieve"),
                        records::get))
                // tasks
                .add(api("GET", "/1/indexes/{indexName}/task/{taskID}", ANY_KEY, Set.of(), tasks::indexTask))
                .add(api("GET", "/1/task/{taskID}", ANY_KEY, Set.of(), tasks::applicationTask))
                // indices
                .add(api("GET", "/1/indexes", LIST_INDEXES, Set.of("page", "hitsPerPage"), indexes::list))
                .add(api("DELETE", "/1/indexes/{indexName}", DELETE_INDEX, Set.of(), indexes::delete))
                .add(api("POST", "/1/indexes/{indexName}/operation", ADD_OBJECT, Set.of(), indexes::operation))
                // settings
                .add(api("GET", "/1/indexes/{indexName}/settings", SETTINGS, Set.of("getVersion"), settings::get))
                .add(api("PUT", "/1/indexes/{indexName}/settings", EDIT_SETTINGS, forward, settings::set))
                // synonyms
                .add(api("PUT", "/1/indexes/{indexName}/synonyms/{objectID}", EDIT_SETTINGS, forward, synonyms::save))
                .add(api(
                        "POST",
                        "/1/indexes/{indexName}/synonyms/batch",
                        EDIT_SETTINGS,
                        Set.of("forwardToReplicas", "replaceExistingSynonyms"),
                        synonyms::batch))
                .add(api("GET", "/1/indexes/{indexName}/synonyms/{objectID}", SETTINGS, Set.of(), synonyms::get))
                .add(api(
                        "DELETE",
                        "/1/indexes/{indexName}/synonyms/{objectID}",
                        EDIT_SETTINGS,
                        forward,
                        synonyms::delete))
                .add(api("POST", "/1/indexes/{indexName}/synonyms/clear", EDIT_SETTINGS, forward, synonyms::clear))
                .add(api("POST", "/1/indexes/{indexName}/synonyms/search", SETTINGS, Set.of(), synonyms::search))
                // rules
                .add(api("PUT", "/1/indexes/{indexName}/rules/{objectID}", EDIT_SETTINGS, forward, rules::save))
                .add(api(
                        "POST",
                        "/1/indexes/{indexName}/rules/batch",
                        EDIT_SETTINGS,
                        Set.of("forwardToReplicas", "clearExistingRules"),
                        rules::batch))
                .add(api("GET", "/1/indexes/{indexName}/rules/{objectID}", SETTINGS, Set.of(), rules::get))
                .add(api("DELETE", "/1/indexes/{indexName}/rules/{objectID}", EDIT_SETTINGS, forward, rules::delete))
                .add(api("POST", "/1/indexes/{indexName}/rules/clear", EDIT_SETTINGS, forward, rules::clear))
                .add(api("POST", "/1/indexes/{indexName}/rules/search", SETTINGS, Set.of(), rules::search))
                // API keys: the admin key only
                .add(api("POST", "/1/keys", ADMIN, Set.of(), keys::create))
                .add(api("PUT", "/1/keys/{key}", ADMIN, Set.of(), keys::update))
                .add(api("GET", "/1/keys", ADMIN, Set.of(), keys::list))
                .add(api("GET", "/1/keys/{key}", ADMIN, Set.of(), keys::get))
                .add(api("DELETE", "/1/keys/{key}", ADMIN, Set.of(), keys::delete))
                .add(api("POST", "/1/keys/{key}/restore", ADMIN, Set.of(), keys::restore))
                .add(api("POST", "/1/indexes/{indexName}/keys", ADMIN, Set.of(), keys::createForIndex))
                .add(api("PUT", "/1/indexes/{indexName}/keys/{key}", ADMIN, Set.of(), keys::updateForIndex))
                .add(api("GET", "/1/indexes/{indexName}/keys", ADMIN, Set.of(), keys::listForIndex))
                .add(api("GET", "/1/indexes/*/keys", ADMIN, Set.of(), keys::listAllIndexKeys))
                .add(api("GET", "/1/indexes/{indexName}/keys/{key}", ADMIN, Set.of(), keys::getForIndex))
                .add(api("DELETE", "/1/indexes/{indexName}/keys/{key}", ADMIN, Set.of(), keys::deleteForIndex))
                // dictionaries
                .add(api(
                        "POST", "/1/dictionaries/{dictionaryName}/batch", EDIT_SETTINGS, Set.of(), dictionaries::batch))
                .add(api(
                        "GET",
                        "/1/dictionaries/{dictionaryName}/search",
                        SETTINGS,
                        Set.of("query", "page", "hitsPerPage", "language"),
                        dictionaries::searchGet))
                .add(api(
                        "POST",
                        "/1/dictionaries/{dictionaryName}/search",
                        SETTINGS,
                        Set.of(),
                        dictionaries::searchPost))
                .add(api("PUT", "/1/dictionaries/*/settings", EDIT_SETTINGS, Set.of(), dictionaries::setSettings))
                .add(api("GET", "/1/dictionaries/*/settings", SETTINGS, Set.of(), dictionaries::getSettings))
                .add(api("GET", "/1/dictionaries/*/languages", SETTINGS, Set.of(), dictionaries::languages))
                // multi-cluster user mapping: the admin key only
                .add(api("POST", "/1/clusters/mapping", ADMIN, Set.of(), clusters::assign))
                .add(api("POST", "/1/clusters/mapping/batch", ADMIN, Set.of(), clusters::assignBatch))
                .add(api("GET", "/1/clusters/mapping/top", ADMIN, Set.of(), clusters::top))
                .add(api("GET", "/1/clusters/mapping/{userID}", ADMIN, Set.of(), clusters::get))
                .add(api("GET", "/1/clusters", ADMIN, Set.of(), clusters::clusters))
                .add(api("GET", "/1/clusters/mapping", ADMIN, Set.of("page", "hitsPerPage"), clusters::list))
                .add(api("DELETE", "/1/clusters/mapping/{userID}", ADMIN, Set.of(), clusters::remove))
                .add(api("POST", "/1/clusters/mapping/search", ADMIN, Set.of(), clusters::search))
                .add(api("GET", "/1/clusters/mapping/pending", ADMIN, Set.of("getClusters"), clusters::pending))
                // logs
                .add(api("GET", "/1/logs", LOGS, Set.of("offset", "length", "indexName", "type"), logs::logs));
    }

    private static Route api(String method, String template, Access access, Set<String> params, Handler handler) {
        return new Route(method, template, access, params, handler);
    }
}
