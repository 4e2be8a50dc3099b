/** Request and response types of the search client: immutable, with fluent factories. */
@SdkTypes
package io.quarry.search.model;

import io.quarry.core.spi.SdkTypes;
