package io.quarry.search.archfixture;

import io.quarry.analytics.AnalyticsClient;

/** A class of one client module that uses another client module. */
class UsesAnotherClientModule {

    AnalyticsClient analytics;
}
