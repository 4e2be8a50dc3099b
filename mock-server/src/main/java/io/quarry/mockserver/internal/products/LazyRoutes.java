package io.quarry.mockserver.internal.products;

import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import java.util.function.Supplier;

/**
 * A routes object made on the first request one of its routes answers, for the products most servers never call:
 * their routes are registered at start, their state built and most of their classes loaded only when first used.
 * Handlers are made as for the routes object itself: {@code lazy.handler(Routes.CONSTANT)}.
 *
 * @param <R> the routes class
 */
public final class LazyRoutes<R extends RouteMethods> implements RouteMethods {

    private final Supplier<R> make;
    private volatile R routes;

    /** @param make makes the routes object; called once, on the first request */
    public LazyRoutes(Supplier<R> make) {
        this.make = make;
    }

    /** {@return the routes object, made now if no request has made it yet} */
    public R get() {
        R made = routes;
        if (made == null) {
            synchronized (this) {
                made = routes;
                if (made == null) {
                    made = make.get();
                    routes = made;
                }
            }
        }
        return made;
    }

    /** {@return the routes object, or {@code null} while no request has made it (so it has nothing to reset)} */
    public R madeOrNull() {
        return routes;
    }

    @Override
    public Response answer(int method, Request request) {
        return get().answer(method, request);
    }
}
