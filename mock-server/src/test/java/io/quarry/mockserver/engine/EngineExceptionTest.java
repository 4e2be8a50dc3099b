package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A refusal carries what its answer says: a message (it was taken null, and answered {@code {"message":null}}) and a
 * 4xx status.
 */
class EngineExceptionTest {

    @Test
    void aRefusalNeedsAMessage() {
        assertThatThrownBy(() -> new EngineException(400, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("message");
    }

    @Test
    void aRefusalIsA4xx() {
        for (int status : new int[] {200, 399, 500, 0}) {
            assertThatThrownBy(() -> new EngineException(status, "refused"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("4xx");
        }
        assertThat(new EngineException(499, "refused").status()).isEqualTo(499);
        assertThat(new EngineException(400, "refused")).hasMessage("refused");
    }
}
