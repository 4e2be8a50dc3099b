/**
 * Request and response types of the monitoring client: server statuses, incidents, the inventory of servers and
 * probes, time series and infrastructure metrics. Immutable; values the service may extend are open types that
 * keep names they do not know.
 */
@SdkTypes
package io.quarry.monitoring.model;

import io.quarry.core.spi.SdkTypes;
