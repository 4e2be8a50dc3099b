/** A package of the SDK's own types for {@code RecordMapperJsonTest}, marked as a module marks its models. */
@SdkTypes
package io.quarry.core.internal.markedfixture;

import io.quarry.core.spi.SdkTypes;
