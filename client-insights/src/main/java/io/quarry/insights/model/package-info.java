/**
 * The events the insights API receives ({@link io.quarry.insights.model.InsightsEvent}, built for a click after a
 * search with {@link io.quarry.insights.model.Click}) and its answer.
 */
package io.quarry.insights.model;
