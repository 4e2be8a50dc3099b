/**
 * What analytics calls take ({@link io.quarry.analytics.model.AnalyticsQuery} with its
 * {@link io.quarry.analytics.model.AnalyticsTags} expression) and return: one row type per metric, with separate
 * types for rows with click analytics, whose rates are {@code Double} and may be null.
 */
@SdkTypes
package io.quarry.analytics.model;

import io.quarry.core.spi.SdkTypes;
