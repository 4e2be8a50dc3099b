/**
 * The analytics client: {@link io.quarry.analytics.AnalyticsClient} on a region's host, and
 * {@link io.quarry.analytics.AnalyticsIndex} for the metrics of one index (top searches, counts, rates, hits, users,
 * filters, countries), each call blocking and async, top lists also read lazily page by page.
 */
package io.quarry.analytics;
