/** The crawler API's requests and responses: crawlers, configurations, actions, tasks, statistics, tests. */
@SdkTypes
package io.quarry.crawler.model;

import io.quarry.core.spi.SdkTypes;
