/**
 * The personalization API's requests and responses: user profiles, profile deletion, and the strategy (event
 * scores, facet scores and impact).
 */
@SdkTypes
package io.quarry.personalization.model;

import io.quarry.core.spi.SdkTypes;
