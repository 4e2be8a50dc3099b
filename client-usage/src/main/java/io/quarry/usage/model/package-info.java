/**
 * Request and response types of the usage client: statistics, ranges and granularity, and the time series of
 * counts or per-server values. Immutable; statistic names the service adds later are kept.
 */
package io.quarry.usage.model;
