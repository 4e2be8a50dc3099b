package io.quarry.mockserver.engine.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Numbers as filters write them: plain decimals only, decided without backtracking. */
class DecimalTextTest {

    /** The plain reading of the grammar, which backtracks. */
    private static final Pattern PLAIN = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    @Test
    void readsWhatThePlainGrammarReads() {
        long seed = 20261129L;
        Random random = new Random(seed);
        String alphabet = "0123456789.eE+-x ";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            for (int length = random.nextInt(9); length > 0; length--) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String candidate = text.toString();
            boolean number = PLAIN.matcher(candidate).matches() && Double.isFinite(Double.parseDouble(candidate));
            assertThat(DecimalText.parse(candidate) != null)
                    .as("seed %d, case %d: %s", seed, i, candidate)
                    .isEqualTo(number);
        }
        assertThat(DecimalText.parse("-2.5e3")).isEqualTo(-2500.0);
        assertThat(DecimalText.parse("5d")).isNull();
        assertThat(DecimalText.parse("1e400")).isNull();
    }

    /** Guards against backtracking: with the plain grammar, 40,000 digits and a letter took 34 s. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard: DecimalTextSyntaxTest counts the reads
    void aLongRunOfDigitsIsDecidedInOnePass() {
        assertThat(DecimalText.parse("1".repeat(1_000_000) + "x")).isNull();
        assertThat(DecimalText.parse("1".repeat(1_000_000) + ".5"))
                .as("beyond a double's range")
                .isNull();
        assertThat(DecimalText.parse("0".repeat(1_000_000) + "7")).isEqualTo(7.0);
    }
}
