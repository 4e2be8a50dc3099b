/**
 * The personalization API's requests and responses: user profiles, profile deletion, and the strategy (event
 * scores, facet scores and impact).
 */
package io.quarry.personalization.model;
