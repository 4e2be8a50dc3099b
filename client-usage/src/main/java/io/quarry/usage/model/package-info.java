/**
 * Request and response types of the usage client: statistics, ranges and granularity, and the time series of
 * counts or per-server values. Immutable; statistic names the service adds later are kept.
 */
@SdkTypes
package io.quarry.usage.model;

import io.quarry.core.spi.SdkTypes;
