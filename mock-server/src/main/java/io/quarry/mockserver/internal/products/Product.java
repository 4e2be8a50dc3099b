package io.quarry.mockserver.internal.products;

import io.quarry.mockserver.internal.http.RequestListener;

/**
 * One API of the service served by the mock server: its routes and its state. Products are listed once, in
 * {@link Products}; each registers its routes and clears its own state when the server is reset.
 */
public interface Product {

    /**
     * The product's name, as the coverage table of the README names it.
     *
     * @return a short lower-case name, such as {@code search}
     */
    String name();

    /**
     * Adds every route of the product.
     *
     * @param routes the registry of the one port
     */
    void register(ProductRoutes routes);

    /** Forgets everything the product holds, back to its state at start. Called by a reset of the server. */
    default void reset() {}

    /**
     * What the product wants to hear of every answered request, whichever product served it (usage counts and
     * monitoring time series are measured from them).
     *
     * @return a listener, or {@code null} (the default) for none
     */
    default RequestListener requestListener() {
        return null;
    }
}
