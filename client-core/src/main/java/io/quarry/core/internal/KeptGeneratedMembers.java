package io.quarry.core.internal;

import io.quarry.core.FreeFormRecord;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What builds a hit's generated members when its call kept only some of them: {@link io.quarry.core.EnrichedRecord}
 * asks which, so that asking it for another one throws rather than answering that the service sent none.
 */
public interface KeptGeneratedMembers extends Supplier<FreeFormRecord> {

    /** {@return the names of the members kept, or null for every one} */
    Set<String> kept();
}
