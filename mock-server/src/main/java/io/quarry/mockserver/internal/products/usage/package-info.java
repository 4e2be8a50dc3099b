/**
 * The usage product: counts of the operations the mock server really served, their processing times, queries
 * per second and the size of the indices, per hour and per index, read back as hourly or daily time series.
 * Internal: not part of the public API.
 */
package io.quarry.mockserver.internal.products.usage;
