package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The write helpers' and the ingester's options read their listener back as present or empty, never null. */
class OptionsListenerTest {

    private static final ChunkListener LISTENER = acknowledged -> {};

    @Test
    void batchOptionsHaveNoListenerUntilOneIsSet() {
        assertThat(BatchOptions.of().listener()).isEmpty();
        assertThat(BatchOptions.of().listener(LISTENER).listener()).containsSame(LISTENER);
        assertThat(BatchOptions.of().listener(LISTENER).chunkSize(10).listener())
                .containsSame(LISTENER);
    }

    @Test
    void ingesterOptionsHaveNoListenerUntilOneIsSet() {
        assertThat(IngesterOptions.of().listener()).isEmpty();
        assertThat(IngesterOptions.of().listener(LISTENER).listener()).containsSame(LISTENER);
        assertThat(IngesterOptions.of().listener(LISTENER).chunkSize(10).listener())
                .containsSame(LISTENER);
    }
}
