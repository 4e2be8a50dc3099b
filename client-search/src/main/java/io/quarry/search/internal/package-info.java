/** Implementation details of the search client; not part of the public API. */
@SdkTypes
package io.quarry.search.internal;

import io.quarry.core.spi.SdkTypes;
