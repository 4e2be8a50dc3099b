/**
 * The crawler API client: {@link io.quarry.crawler.CrawlerClient} creates and lists crawlers,
 * {@link io.quarry.crawler.CrawlerHandle} changes, runs, pauses, reindexes and tests one, crawls given URLs, reads
 * its URL statistics and waits for its tasks.
 */
package io.quarry.crawler;
