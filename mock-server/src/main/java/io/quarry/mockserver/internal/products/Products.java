package io.quarry.mockserver.internal.products;

import io.quarry.mockserver.internal.products.control.ControlProduct;
import io.quarry.mockserver.internal.products.search.SearchProduct;
import java.util.List;

/**
 * The products the mock server serves, in one list. Adding a product: a new package under
 * {@code internal.products}, one class implementing {@link Product}, and one line here.
 */
public final class Products {

    private Products() {}

    /**
     * Every product, the mock server's own control endpoints included.
     *
     * @param context what products share
     * @return the products
     */
    public static List<Product> all(ServiceContext context) {
        return List.of(new SearchProduct(context), new ControlProduct(context));
    }

    /**
     * The routes of some products on one port.
     *
     * @param products the products
     * @return the registry, every route registered
     * @throws IllegalStateException if two products' routes collide
     */
    public static ProductRoutes routesOf(List<Product> products) {
        ProductRoutes routes = new ProductRoutes();
        products.forEach(routes::register);
        return routes;
    }
}
