/**
 * The insights client: {@link io.quarry.insights.InsightsClient} sends events of any kind and number (checked,
 * then split into calls the service accepts); {@link io.quarry.insights.InsightsUser} sends one user's clicks,
 * conversions and views in one call each.
 */
package io.quarry.insights;
