/**
 * The crawler product: crawlers with their configuration, state flags and tasks, and a small real crawler that
 * fetches pages over HTTP, follows links, extracts one record per page and writes it to the application's indices.
 */
package io.quarry.mockserver.internal.products.crawler;
