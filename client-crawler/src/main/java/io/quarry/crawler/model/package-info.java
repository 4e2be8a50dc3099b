/** The crawler API's requests and responses: crawlers, configurations, actions, tasks, statistics, tests. */
package io.quarry.crawler.model;
