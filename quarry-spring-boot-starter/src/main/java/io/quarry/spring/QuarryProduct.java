package io.quarry.spring;

import java.util.Locale;

/**
 * The service's products, one per client module: what a {@link QuarryConnectionDetails} gives each client's API key
 * and hosts for.
 */
public enum QuarryProduct {

    /** The search client, {@code SearchClient}. */
    SEARCH,

    /** The analytics client, {@code AnalyticsClient}. */
    ANALYTICS,

    /** The insights client, {@code InsightsClient}. */
    INSIGHTS,

    /** The personalization client, {@code PersonalizationClient}. */
    PERSONALIZATION,

    /** The answers client, {@code AnswersClient}. */
    ANSWERS,

    /** The query-suggestions client, {@code QuerySuggestionsClient}. */
    QUERY_SUGGESTIONS,

    /** The monitoring client, {@code MonitoringClient}, which takes a monitoring key of its own. */
    MONITORING,

    /** The usage client, {@code UsageClient}, which takes a usage key of its own. */
    USAGE,

    /** The crawler client, {@code CrawlerClient}, which authenticates with a crawler user ID and API key. */
    CRAWLER;

    /** {@return the product's {@code quarry.*} property group, health indicator and name in messages: {@code query-suggestions}} */
    String groupName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
