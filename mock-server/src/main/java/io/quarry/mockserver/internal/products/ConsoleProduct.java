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
import java.util.Set;
import java.util.function.LongSupplier;
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
     * @param millis the wall clock of the journal and charts
     */
    public ConsoleProduct(
            Application app, String adminKey, String applicationId, String version, int hosts, LongSupplier millis) {
        this.journal = new AnswerJournal(millis);
        // the lambda's own signature names no console class: making it loads none
        this.routes = new LazyRoutes<>(() -> {
            ObjectNode info = Json.object();
            info.put("applicationId", applicationId);
            info.put("version", version);
            info.put("hosts", hosts);
            return ConsoleRoutes.open(journal, app, adminKey, info);
        });
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
                .add(route("/_mock/console/api/keys", Access.ADMIN, none, ConsoleRoutes.KEYS))
                .add(route("/_mock/console/api/tasks", Access.ANY_KEY, none, ConsoleRoutes.TASKS));
    }

    private Route route(String template, Access access, Set<String> params, int method) {
        return new Route("GET", template, access, params, Operation.NOT_COUNTED, Work.READ, routes.handler(method));
    }
}
