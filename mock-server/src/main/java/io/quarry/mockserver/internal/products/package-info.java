/**
 * The mock server's products, one package each (search today; analytics, insights, personalization, answers,
 * query suggestions, monitoring, usage and crawler as they come), all served on one port. A product registers its
 * routes into {@link io.quarry.mockserver.internal.products.ProductRoutes}, which refuses a route that could
 * answer a path another product already serves, owns its state and resets it. Internal: not part of the public API.
 */
package io.quarry.mockserver.internal.products;
