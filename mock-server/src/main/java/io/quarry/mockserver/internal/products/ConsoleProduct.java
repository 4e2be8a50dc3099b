package io.quarry.mockserver.internal.products;

import io.quarry.mockserver.internal.console.ConsoleRoutes;
import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.AnswerObserver;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.journal.AnswerJournal;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Application;
import java.time.Clock;
import java.util.Set;
import java.util.function.Supplier;
import tools.jackson.databind.node.ObjectNode;

/**
 * The browser console under {@code /_mock/console}: its routes, registered at start, and the journal of answers it
 * shows, kept from the first answer on. The console itself (package {@code internal.console}: its routes object,
 * views and key masking) is made, and its classes loaded, on the first request to one of its routes, so a server
 * whose console is never opened loads none of it. Its page and files need no key; what they show is read through the
 * service's API, the control endpoints and the console's views, each with the key the user signed in with.
 */
public final class ConsoleProduct implements Product {

    private final AnswerJournal journal;
    private final LazyRoutes<RouteMethods> routes;

    /**
     * @param app the application
     * @param adminKey the admin key, masked wherever the journal would show it
     * @param applicationId the application ID, shown on the sign-in page
     * @param version the server's version
     * @param hosts how many hosts the server listens on
     * @param clock the wall clock of the journal and charts
     */
    public ConsoleProduct(
            Application app, String adminKey, String applicationId, String version, int hosts, Clock clock) {
        this.journal = new AnswerJournal(clock, app.keys());
        this.routes = new LazyRoutes<>(new Opening(journal, app, adminKey, applicationId, version, hosts));
    }

    /**
     * Makes the console's routes object on its first request. A class of its own, not a lambda: a lambda capturing
     * these spins its class and method handle forms at start (about five of them), and its signature must name no
     * console class, or making it would load that class.
     */
    private static final class Opening implements Supplier<RouteMethods> {

        private final AnswerJournal journal;
        private final Application app;
        private final String adminKey;
        private final String applicationId;
        private final String version;
        private final int hosts;

        Opening(
                AnswerJournal journal,
                Application app,
                String adminKey,
                String applicationId,
                String version,
                int hosts) {
            this.journal = journal;
            this.app = app;
            this.adminKey = adminKey;
            this.applicationId = applicationId;
            this.version = version;
            this.hosts = hosts;
        }

        @Override
        public RouteMethods get() {
            ObjectNode info = Json.object();
            info.put("applicationId", applicationId);
            info.put("version", version);
            info.put("hosts", hosts);
            return ConsoleRoutes.open(journal, app, adminKey, info);
        }
    }

    /** {@return what records every answer for the console} */
    public AnswerObserver journal() {
        return journal;
    }

    @Override
    public String name() {
        return "console";
    }

    @Override
    public void register(ProductRoutes registry) {
        Set<String> none = Set.of();
        registry.add(route("/_mock/console", Access.PUBLIC, none, ConsoleRoutes.PAGE))
                .add(route("/_mock/console/{file}", Access.PUBLIC, none, ConsoleRoutes.FILE))
                .add(route("/_mock/console/api/info", Access.PUBLIC, none, ConsoleRoutes.INFO))
                .add(route(
                        "/_mock/console/api/journal",
                        Access.LOGS,
                        Set.of("limit", "after", "status", "path", "index"),
                        ConsoleRoutes.JOURNAL))
                .add(route("/_mock/console/api/journal/{seq}", Access.LOGS, none, ConsoleRoutes.JOURNAL_ENTRY))
                .add(route("/_mock/console/api/traffic", Access.LOGS, Set.of("seconds"), ConsoleRoutes.TRAFFIC))
                .add(route("/_mock/console/api/keys", Access.ADMIN, Set.of("page"), ConsoleRoutes.KEYS))
                .add(route("/_mock/console/api/tasks", Access.ANY_KEY, none, ConsoleRoutes.TASKS));
    }

    private Route route(String template, Access access, Set<String> params, int method) {
        return new Route("GET", template, access, params, Operation.NOT_COUNTED, Work.READ, routes.handler(method));
    }
}
