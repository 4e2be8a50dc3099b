/**
 * The usage client: {@link io.quarry.usage.UsageClient} reads time series of operation counts, processing times,
 * record counts and capacity for an application or one index.
 */
package io.quarry.usage;
