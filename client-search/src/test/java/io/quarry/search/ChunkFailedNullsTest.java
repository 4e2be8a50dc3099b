package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A failed chunk's constructor names the list it was given as null, as it names the error and the progress; it
 * threw a bare {@link NullPointerException} from inside the copy.
 */
class ChunkFailedNullsTest {

    private static final WriteProgress PROGRESS = new WriteProgress(0, 1, 0, 1, 0, Duration.ZERO);

    @Test
    void aNullListIsRefusedNamingIt() {
        IOException error = new IOException("down");
        assertThatThrownBy(() -> new ChunkFailed(0, 0, null, List.of(), error, 1, PROGRESS))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("operations");
        assertThatThrownBy(() -> new ChunkFailed(0, 0, List.of(), null, error, 1, PROGRESS))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("objectIDs");
    }

    @Test
    void anObjectIDTheServicePicksStaysNull() {
        ChunkFailed failed =
                new ChunkFailed(0, 0, List.of(), Arrays.asList("p1", null), new IOException("down"), 1, PROGRESS);
        assertThat(failed.objectIDs()).containsExactly("p1", null);
    }
}
