package io.quarry.mockserver.internal.products;

import io.quarry.mockserver.engine.SearchEngine;
import io.quarry.mockserver.internal.http.faults.FaultScript;
import io.quarry.mockserver.internal.http.hosts.ServedHosts;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.StateControl;
import java.util.Set;

/**
 * What products share: the application (clock, keys and rights, tasks, the request log, and the indices the
 * search product serves and other products read), the search engine, the server's control of its state, its
 * version and whether it runs strict.
 *
 * @param app     the application state
 * @param engine  the search engine
 * @param control seeding, export and reset
 * @param version the mock server's version
 * @param strict  whether unknown parameters and settings are refused
 * @param searchHooks where other products take part in searches
 * @param faults the scripted faults (the control product edits them)
 * @param crawlerAllowedHosts the hosts the crawler product may fetch besides loopback addresses
 * @param monitoringSeed the seed of the monitoring probes' measurements
 * @param hosts the server's hosts, whose own faults the control product scripts
 * @param suggestionsBuildWaitMillis how long a query-suggestions configuration's create or replace waits for its
 *     build before it answers
 */
public record ServiceContext(
        Application app,
        SearchEngine engine,
        StateControl control,
        String version,
        boolean strict,
        SearchHooks searchHooks,
        FaultScript faults,
        Set<String> crawlerAllowedHosts,
        long monitoringSeed,
        ServedHosts hosts,
        long suggestionsBuildWaitMillis) {

    /** The monitoring seed unless configured otherwise. */
    public static final long DEFAULT_MONITORING_SEED = 0;

    /** How long a query-suggestions create or replace waits for its build unless configured otherwise. */
    public static final long DEFAULT_SUGGESTIONS_BUILD_WAIT_MILLIS = 10_000;

    /** Copies the host set; null means loopback only. */
    public ServiceContext {
        crawlerAllowedHosts = crawlerAllowedHosts == null ? Set.of() : Set.copyOf(crawlerAllowedHosts);
    }

    /**
     * A context with no scripted faults of its own, a crawler that fetches loopback addresses only, the default
     * monitoring seed and query-suggestions build wait, and no hosts.
     *
     * @param app     the application state
     * @param engine  the search engine
     * @param control seeding, export and reset
     * @param version the mock server's version
     * @param strict  whether unknown parameters and settings are refused
     * @param searchHooks where other products take part in searches
     */
    public ServiceContext(
            Application app,
            SearchEngine engine,
            StateControl control,
            String version,
            boolean strict,
            SearchHooks searchHooks) {
        this(
                app,
                engine,
                control,
                version,
                strict,
                searchHooks,
                new FaultScript(),
                Set.of(),
                DEFAULT_MONITORING_SEED,
                ServedHosts.none(),
                DEFAULT_SUGGESTIONS_BUILD_WAIT_MILLIS);
    }
}
