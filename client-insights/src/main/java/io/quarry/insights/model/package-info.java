/**
 * The events the insights API receives ({@link io.quarry.insights.model.InsightsEvent}, built for a click after a
 * search with {@link io.quarry.insights.model.Click}) and its answer.
 */
@SdkTypes
package io.quarry.insights.model;

import io.quarry.core.spi.SdkTypes;
