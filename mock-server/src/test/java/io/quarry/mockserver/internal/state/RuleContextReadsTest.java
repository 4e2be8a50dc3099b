package io.quarry.mockserver.internal.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.CountedText;
import org.junit.jupiter.api.Test;

/** A rule condition's context is checked in one pass over it, however long. */
class RuleContextReadsTest {

    @Test
    void aLongContextIsReadOnce() {
        String letters = "a".repeat(200_000);
        CountedText valid = new CountedText(letters);
        CountedText spaceAtTheEnd = new CountedText(letters + " ");

        assertThat(Rules.isContext(valid)).isTrue();
        assertThat(Rules.isContext(spaceAtTheEnd)).isFalse();
        // a check reading the text again for each character would read it 200,000 times
        assertThat(valid.reads()).as("characters read").isLessThanOrEqualTo(valid.length());
        assertThat(spaceAtTheEnd.reads()).as("characters read").isLessThanOrEqualTo(spaceAtTheEnd.length());
    }
}
