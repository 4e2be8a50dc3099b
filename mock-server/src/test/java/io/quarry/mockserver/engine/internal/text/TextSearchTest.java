package io.quarry.mockserver.engine.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

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
    @Timeout(value = 10, unit = TimeUnit.SECONDS) // String.indexOf takes minutes on this pair
    void aLongAlmostMatchingPartTakesLinearTime() {
        String text = "a".repeat(1_000_000);
        String part = "a".repeat(500_000) + "b";
        assertThat(TextSearch.indexOfIgnoreCase(text, part)).isEqualTo(-1);
        assertThat(TextSearch.indexOfIgnoreCase(text + "B", part)).isEqualTo(500_000);
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
