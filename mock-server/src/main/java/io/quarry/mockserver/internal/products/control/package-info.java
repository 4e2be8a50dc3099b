/** The mock server's own control endpoints, a product of their own. Internal: not part of the public API. */
package io.quarry.mockserver.internal.products.control;
