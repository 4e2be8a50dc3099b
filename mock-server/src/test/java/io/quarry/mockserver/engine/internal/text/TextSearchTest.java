package io.quarry.mockserver.engine.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.CountedText;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The hang guard only stops a search that never ends; the counted reads pin the cost. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TextSearchTest {

    @Test
    void findsWhatIndexOfFindsOnRandomTexts() {
        long seed = 21_0001L;
        Random random = new Random(seed);
        for (int round = 0; round < 20_000; round++) {
            String text = randomText(random, random.nextInt(30));
            String part = random.nextInt(4) == 0 && !text.isEmpty()
                    ? text.substring(random.nextInt(text.length()))
                    : randomText(random, random.nextInt(5));
            int expected = TextSearch.foldCase(text).indexOf(TextSearch.foldCase(part));
            assertThat(TextSearch.indexOfIgnoreCase(text, part))
                    .as("seed %d, round %d: %s in %s", seed, round, part, text)
                    .isEqualTo(expected);
        }
    }

    @Test
    void foldingKeepsEveryOffset() {
        String text = "\u0130stanbul \u00DF \u03A3\u03C3\u03C2 \uD801\uDC00";
        assertThat(TextSearch.foldCase(text)).hasSameSizeAs(text);
        assertThat(text.toLowerCase(Locale.ROOT))
                .as("why folding is not lower-casing")
                .hasSizeGreaterThan(text.length());
        assertThat(TextSearch.indexOfIgnoreCase(text, "STAN")).isEqualTo(1);
        assertThat(TextSearch.indexOfIgnoreCase(text, "\u03C3\u03C3\u03C3"))
                .as("every sigma folds alike")
                .isEqualTo(11);
        assertThat(TextSearch.indexOfIgnoreCase(text, "")).isZero();
        assertThat(TextSearch.indexOfIgnoreCase("", "a")).isEqualTo(-1);
    }

    @Test
    void aLongAlmostMatchingPartReadsEachCharacterOnce() {
        String text = "a".repeat(20_000);
        String part = "a".repeat(10_000) + "b";
        CountedText missing = new CountedText(text);
        CountedText found = new CountedText(text + "b");

        assertThat(TextSearch.endOfFirst(part, missing, 0, missing.length())).isEqualTo(-1);
        assertThat(TextSearch.endOfFirst(part, found, 0, found.length())).isEqualTo(found.length());
        // trying the part at every position (String.indexOf) reads the text again for each of them: 100 million
        // reads here
        assertThat(missing.reads()).as("characters read").isLessThanOrEqualTo(missing.length());
        assertThat(found.reads()).as("characters read").isLessThanOrEqualTo(found.length());
        assertThat(TextSearch.indexOfIgnoreCase(text + "B", part)).isEqualTo(10_000);
    }

    private static String randomText(Random random, int length) {
        String alphabet = "aAbB\u0130i\u0131I\u00DF";
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }
}
