package io.quarry.mockserver.internal.console;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.AnswerObserver;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.http.faults.FaultAction;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.LazyRoutes;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.state.Application;
import java.util.Set;
import java.util.function.LongSupplier;
import tools.jackson.databind.node.ObjectNode;

/**
 * The browser console under {@code /_mock/console}. Its page and files need no key; what they show is read through
 * the service's API, the control endpoints and the console's views, each with the key the user signed in with.
 * Nothing of it is made at start: the journal and counters on the first answer, the routes on the first console
 * request.
 */
public final class ConsoleProduct implements Product, AnswerObserver {

    private final String adminKey;
    private final LongSupplier millis;
    private final LazyRoutes<ConsoleRoutes> routes;
    private volatile ConsoleRecorder recorder;

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
        this.adminKey = adminKey;
        this.millis = millis;
        this.routes = new LazyRoutes<>(() -> {
            ObjectNode info = Json.object();
            info.put("applicationId", applicationId);
            info.put("version", version);
            info.put("hosts", hosts);
            info.put("journalCapacity", Journal.CAPACITY);
            info.put("chartSeconds", Traffic.SECONDS);
            return new ConsoleRoutes(recorder(), app, info, millis);
        });
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

    @Override
    public void written(
            Request request, Route route, int status, byte[] body, FaultAction fault, int host, long elapsedNanos) {
        recorder().written(request, route, status, body, fault, host, elapsedNanos);
    }

    private ConsoleRecorder recorder() {
        ConsoleRecorder made = recorder;
        if (made == null) {
            synchronized (this) {
                made = recorder;
                if (made == null) {
                    made = new ConsoleRecorder(new Secrets(adminKey), millis);
                    recorder = made;
                }
            }
        }
        return made;
    }
}
