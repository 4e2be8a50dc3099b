package io.quarry.mockserver.internal.products;

import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Router;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The routes of every product on the one port. Adding a route that could answer a request another product's route
 * answers (same method, and a concrete path both templates match) fails at once, so two products can never shadow
 * each other; within one product the router's rule applies (a literal segment beats a placeholder).
 */
public final class ProductRoutes {

    /**
     * A route and the product that serves it.
     *
     * @param product the product's name
     * @param route   the route
     */
    public record ProductRoute(String product, Route route) {}

    private final List<ProductRoute> routes = new ArrayList<>();
    /**
     * The routes by method and number of path segments, in registration order: only routes alike in both can
     * collide, so each new route is compared with a few instead of every route (a start registers over a hundred).
     */
    private final Map<String, List<Shaped>> byShape = new HashMap<>();

    private final Map<String, Supplier<Map<String, String>>> headersUnder = new HashMap<>();

    private final Map<String, Integer> invalidRequestStatusUnder = new HashMap<>();

    private String current;

    /** A registered route with its template's segments. */
    private record Shaped(ProductRoute registered, String[] segments) {}

    /**
     * Registers every route of a product.
     *
     * @param product the product
     * @return this registry
     * @throws IllegalStateException if a route collides with another product's
     */
    public ProductRoutes register(Product product) {
        current = Objects.requireNonNull(product.name(), "name");
        try {
            product.register(this);
        } finally {
            current = null;
        }
        return this;
    }

    /**
     * Adds a route of the product being registered.
     *
     * @param route the route
     * @return this registry
     * @throws IllegalStateException if the route collides with another product's, or is registered twice
     */
    public ProductRoutes add(Route route) {
        if (current == null) {
            throw new IllegalStateException("routes are added from Product.register");
        }
        String[] segments = segments(route);
        String shape = route.method() + " " + segments.length;
        List<Shaped> alike = byShape.get(shape);
        if (alike == null) {
            alike = new ArrayList<>();
            byShape.put(shape, alike);
        }
        for (Shaped shaped : alike) {
            ProductRoute existing = shaped.registered();
            boolean sameTemplate = existing.route().template().equals(route.template());
            if (sameTemplate || !existing.product().equals(current) && overlap(shaped.segments(), segments)) {
                throw new IllegalStateException(current + " route " + route.method() + " " + route.template()
                        + " collides with " + existing.product() + " route "
                        + existing.route().method() + " "
                        + existing.route().template());
            }
        }
        ProductRoute registered = new ProductRoute(current, route);
        routes.add(registered);
        alike.add(new Shaped(registered, segments));
        return this;
    }

    /**
     * Gives the headers every answer under a first path segment carries, whatever made it: the product's routes, and
     * the refusals made before any of them ran (credentials, rights, an unknown path or method under the segment).
     *
     * @param firstSegment the paths' first segment, decoded ({@code 2} for {@code /2/...})
     * @param headers the headers, asked as each answer is written
     * @return this registry
     * @throws IllegalStateException if another product gives headers under that segment
     */
    public ProductRoutes headersUnder(String firstSegment, Supplier<Map<String, String>> headers) {
        if (current == null) {
            throw new IllegalStateException("headers are given from Product.register");
        }
        if (headersUnder.putIfAbsent(firstSegment, headers) != null) {
            throw new IllegalStateException(
                    current + " gives headers under /" + firstSegment + " twice or after another");
        }
        return this;
    }

    /**
     * Gives the status of an invalid request under a path prefix, for an API whose documents give one other than the
     * 400 the front answers before any route runs (an escape that decodes to nothing, an unknown parameter of a
     * strict server): the front's refusals there take it, with the same message.
     *
     * @param prefix the paths' leading segments, decoded ({@code /1/usage})
     * @param status the status
     * @return this registry
     * @throws IllegalStateException if a status is given under that prefix already
     */
    public ProductRoutes invalidRequestStatusUnder(String prefix, int status) {
        if (current == null) {
            throw new IllegalStateException("statuses are given from Product.register");
        }
        if (invalidRequestStatusUnder.putIfAbsent(prefix, status) != null) {
            throw new IllegalStateException(current + " gives a status under " + prefix + " twice or after another");
        }
        return this;
    }

    /** {@return every route with its product, in registration order} */
    public List<ProductRoute> routes() {
        return List.copyOf(routes);
    }

    /** {@return the router serving every registered route} */
    public Router router() {
        Router router = new Router();
        for (ProductRoute registered : routes) {
            router.add(registered.route());
        }
        headersUnder.forEach(router::headersUnder);
        invalidRequestStatusUnder.forEach(router::invalidRequestStatusUnder);
        return router;
    }

    /**
     * Whether some request could match both templates, of routes of the same method: segment by segment, equal
     * literals or a placeholder on either side.
     *
     * @param left a template's segments
     * @param right another's
     * @return true if one concrete path matches both
     */
    private static boolean overlap(String[] left, String[] right) {
        if (left.length != right.length) {
            return false;
        }
        for (int i = 0; i < left.length; i++) {
            if (!isPlaceholder(left[i]) && !isPlaceholder(right[i]) && !left[i].equals(right[i])) {
                return false;
            }
        }
        return true;
    }

    private static String[] segments(Route route) {
        return route.template().split("/", -1);
    }

    private static boolean isPlaceholder(String segment) {
        return segment.startsWith("{") && segment.endsWith("}");
    }
}
