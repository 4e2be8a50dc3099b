/**
 * The analytics product: every {@code /2/} endpoint, computed when asked from the searches and events the
 * application's tracking holds.
 */
package io.quarry.mockserver.internal.products.analytics;
