package io.quarry.mockserver.internal.routes;

import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Handler;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Router;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.StateControl;
import java.util.Set;

/**
 * Every route the mock server serves, in one place: method, path template (exactly as in the endpoint list),
 * the URL parameters it understands (checked in strict mode) and its handler.
 */
public final class RouteTable {

    /** Marks routes whose URL parameters are search parameters, left to the engine. */
    private static final Set<String> ANY = null;

    private RouteTable() {
    }

    /**
     * @param app the application state
     * @param engine the search engine
     * @param control seeding, export and reset
     * @param version the mock server version
     * @param strict whether unknown settings are a 400 (unknown URL parameters are checked by the HTTP front)
     * @return the router
     */
    public static Router build(Application app, SearchEngine engine, StateControl control, String version,
            boolean strict) {
        IndexRoutes indexes = new IndexRoutes(app);
        SettingsRoutes settings = new SettingsRoutes(app, strict);
        SynonymRoutes synonyms = new SynonymRoutes(app);
        RecordRoutes records = new RecordRoutes(app, engine);
        SearchRoutes search = new SearchRoutes(app, engine);
        TaskRoutes tasks = new TaskRoutes(app);
        ControlRoutes mock = new ControlRoutes(control, version);
        return new Router()
                // search and browse
                .add(api("POST", "/1/indexes/{indexName}/query", Set.of(), search::searchPost))
                .add(api("GET", "/1/indexes/{indexName}", ANY, search::searchGet))
                .add(api("POST", "/1/indexes/*/queries", Set.of(), search::multiSearch))
                .add(api("POST", "/1/indexes/{indexName}/facets/{facetName}/query", Set.of(), search::facetValues))
                .add(api("POST", "/1/indexes/{indexName}/browse", Set.of(), search::browsePost))
                .add(api("GET", "/1/indexes/{indexName}/browse", ANY, search::browseGet))
                // records
                .add(api("POST", "/1/indexes/{indexName}", Set.of(), records::add))
                .add(api("PUT", "/1/indexes/{indexName}/{objectID}", Set.of(), records::replace))
                .add(api("DELETE", "/1/indexes/{indexName}/{objectID}", Set.of(), records::delete))
                .add(api("POST", "/1/indexes/{indexName}/deleteByQuery", Set.of(), records::deleteByQuery))
                .add(api("POST", "/1/indexes/{indexName}/clear", Set.of(), records::clear))
                .add(api("POST", "/1/indexes/{indexName}/{objectID}/partial", Set.of("createIfNotExists"),
                        records::partial))
                .add(api("POST", "/1/indexes/{indexName}/batch", Set.of(), records::batch))
                .add(api("POST", "/1/indexes/*/batch", Set.of(), records::multiIndexBatch))
                .add(api("POST", "/1/indexes/*/objects", Set.of(), records::getObjects))
                .add(api("GET", "/1/indexes/{indexName}/{objectID}", Set.of("attributesToRetrieve"), records::get))
                // tasks
                .add(api("GET", "/1/indexes/{indexName}/task/{taskID}", Set.of(), tasks::indexTask))
                .add(api("GET", "/1/task/{taskID}", Set.of(), tasks::applicationTask))
                // indices
                .add(api("GET", "/1/indexes", Set.of("page", "hitsPerPage"), indexes::list))
                .add(api("DELETE", "/1/indexes/{indexName}", Set.of(), indexes::delete))
                .add(api("POST", "/1/indexes/{indexName}/operation", Set.of(), indexes::operation))
                // settings
                .add(api("GET", "/1/indexes/{indexName}/settings", Set.of("getVersion"), settings::get))
                .add(api("PUT", "/1/indexes/{indexName}/settings", Set.of("forwardToReplicas"), settings::set))
                // synonyms
                .add(api("PUT", "/1/indexes/{indexName}/synonyms/{objectID}", Set.of("forwardToReplicas"),
                        synonyms::save))
                .add(api("POST", "/1/indexes/{indexName}/synonyms/batch",
                        Set.of("forwardToReplicas", "replaceExistingSynonyms"), synonyms::batch))
                .add(api("GET", "/1/indexes/{indexName}/synonyms/{objectID}", Set.of(), synonyms::get))
                .add(api("DELETE", "/1/indexes/{indexName}/synonyms/{objectID}", Set.of("forwardToReplicas"),
                        synonyms::delete))
                .add(api("POST", "/1/indexes/{indexName}/synonyms/clear", Set.of("forwardToReplicas"),
                        synonyms::clear))
                .add(api("POST", "/1/indexes/{indexName}/synonyms/search", Set.of(), synonyms::search))
                // the mock server's own control endpoints
                .add(control("POST", "/_mock/reset", mock::reset))
                .add(control("POST", "/_mock/seed", mock::seed))
                .add(control("GET", "/_mock/state", mock::export))
                .add(control("GET", "/_mock/version", mock::version));
    }

    private static Route api(String method, String template, Set<String> params, Handler handler) {
        return new Route(method, template, Access.API, params, handler);
    }

    private static Route control(String method, String template, Handler handler) {
        return new Route(method, template, Access.CONTROL, Set.of(), handler);
    }
}
