package io.quarry.mockserver.internal.products.usage;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Handler;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.RequestListener;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.products.Product;
import io.quarry.mockserver.internal.products.ProductRoutes;
import io.quarry.mockserver.internal.products.ServiceContext;
import java.util.List;
import java.util.Set;

/**
 * The usage API: counts of the operations the mock server served, per statistic and per index, over hourly or
 * daily points. Needs the usage key. The mock server is a single server, named after the first server of the
 * first cluster, in region {@code eu}.
 */
public final class UsageProduct implements Product {

    private static final Set<String> PARAMETERS = Set.of("startDate", "endDate", "granularity");

    private final UsageRecorder recorder;
    private final UsageRoutes routes;

    /**
     * The usage product of a server.
     *
     * @param context what products share
     */
    public UsageProduct(ServiceContext context) {
        this.recorder = new UsageRecorder(context.app().clock());
        List<String> clusters = context.app().mappings().clusters();
        String server = (clusters.isEmpty() ? "mock-cluster" : clusters.get(0)) + "-1";
        this.routes = new UsageRoutes(context.app(), recorder, server, "eu");
    }

    @Override
    public String name() {
        return "usage";
    }

    @Override
    public void register(ProductRoutes registry) {
        registry.add(get("/1/usage/{statistic}", routes.handler(UsageRoutes.APPLICATION)))
                .add(get("/1/usage/{statistic}/{index}", routes.handler(UsageRoutes.INDEX)))
                // the usage API documents a 422 for any invalid request, and no 400
                .invalidRequestStatusUnder("/1/usage", 422);
    }

    /** A usage read: usage does not count its own reads. */
    private static Route get(String template, Handler handler) {
        return new Route("GET", template, Access.USAGE_KEY, PARAMETERS, Operation.NOT_COUNTED, Work.READ, handler);
    }

    @Override
    public void reset() {
        recorder.clear();
    }

    @Override
    public RequestListener requestListener() {
        return (request, route, response, elapsedNanos) -> {
            if (route == null || response.status() >= 400) {
                return;
            }
            List<String> statistics = UsageStatistics.of(route);
            if (statistics.isEmpty()) {
                return;
            }
            String index = request.pathParams().get("indexName");
            if (index != null && (index.equals("*"))) {
                index = null;
            }
            recorder.record(index, statistics, route.work() == Work.SEARCH ? elapsedNanos : -1);
        };
    }
}
