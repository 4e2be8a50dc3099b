package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.WaitPolicy;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The write helpers' and the ingester's options are values: built alike they are equal. */
class OptionsEqualityTest {

    private static final ChunkListener LISTENER = acknowledged -> {};

    @Test
    void batchOptionsBuiltAlikeAreEqual() {
        BatchOptions one = BatchOptions.of().chunkSize(500).chunksInFlight(2).waitingForTasks();
        BatchOptions two = BatchOptions.of().chunkSize(500).chunksInFlight(2).waitingForTasks();

        assertThat(one).isEqualTo(two).hasSameHashCodeAs(two);
        assertThat(one.listener(LISTENER)).isEqualTo(two.listener(LISTENER));
        assertThat(one.listener(LISTENER)).isNotEqualTo(two.listener((ChunkListener) acknowledged -> {}));
        assertThat(one).isNotEqualTo(two.chunkSize(501));
        assertThat(one).isNotEqualTo(two.serviceAssignedObjectIDs());
        assertThat(one).isNotEqualTo(two.waitPolicy(WaitPolicy.of().withMaxAttempts(3)));
        assertThat(BatchOptions.of()).isNotEqualTo(BatchOptions.of().allowingEmptyIndex());
    }

    @Test
    void ingesterOptionsBuiltAlikeAreEqual() {
        IngesterOptions one = IngesterOptions.of().chunkSize(100).flushInterval(Duration.ofMillis(200));
        IngesterOptions two = IngesterOptions.of().chunkSize(100).flushInterval(Duration.ofMillis(200));

        assertThat(one).isEqualTo(two).hasSameHashCodeAs(two);
        assertThat(one.listener(LISTENER)).isEqualTo(two.listener(LISTENER));
        assertThat(one).isNotEqualTo(two.addTimeout(Duration.ofSeconds(1)));
        assertThat(one).isNotEqualTo(two.chunkBytes(1_000));
        assertThat(one).isNotEqualTo(two.chunksInFlight(1));
    }
}
