package io.quarry.mockserver.internal.products;

import io.quarry.mockserver.internal.http.Handler;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;

/**
 * A routes class: its methods answer routes, each named by an {@code int} constant of the class, and
 * {@link #answer} calls the method a constant names. A route's handler is {@code routes.handler(Routes.CONSTANT)}
 * rather than a method reference: a method reference spins a class of its own when the route table is built (126
 * routes, 30 to 50 ms of a fresh JVM's start), where every handler made here is of one class.
 */
public interface RouteMethods {

    /**
     * Answers a request with one of the class's methods.
     *
     * @param method the constant naming the method
     * @param request the routed request
     * @return the method's response
     * @throws IllegalArgumentException if no method has that constant
     */
    Response answer(int method, Request request);

    /**
     * {@return the handler of a route that one of the class's methods answers}
     *
     * @param method the constant naming the method
     */
    default Handler handler(int method) {
        return new Bound(this, method);
    }

    /**
     * A route's handler: a routes object and the constant of its method that answers the route.
     *
     * @param routes the routes object
     * @param method the constant naming the method
     */
    record Bound(RouteMethods routes, int method) implements Handler {

        @Override
        public Response handle(Request request) {
            return routes.answer(method, request);
        }
    }
}
