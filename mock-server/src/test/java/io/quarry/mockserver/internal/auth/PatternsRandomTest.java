package io.quarry.mockserver.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Key patterns against a plain reference: the pattern as a regular expression (each part quoted, {@code *} as
 * {@code .*}), on short random patterns and values over a small alphabet, so that matches are frequent and every
 * wildcard place (start, end, middle, several, only {@code *}) comes up.
 */
class PatternsRandomTest {

    private static final long SEED = 0x5eed_4e79L;
    /** Few characters, so parts recur: case, a dot, a space, a percent sign, non-ASCII and a surrogate pair. */
    private static final String[] ALPHABET = {"a", "b", "A", ".", " ", "%", "é", "😀"};

    @Test
    void matchesLikeTheRegularExpressionOfThePattern() {
        Random random = new Random(SEED);
        for (int round = 0; round < 20_000; round++) {
            String pattern = text(random, 6, true);
            String value = text(random, 8, false);
            assertThat(Patterns.matches(pattern, value))
                    .as("seed %d, round %d: pattern [%s], value [%s]", SEED, round, pattern, value)
                    .isEqualTo(reference(pattern).matcher(value).matches());
        }
    }

    private static String text(Random random, int maxLength, boolean wildcards) {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(maxLength + 1);
        for (int i = 0; i < length; i++) {
            text.append(wildcards && random.nextInt(3) == 0 ? "*" : ALPHABET[random.nextInt(ALPHABET.length)]);
        }
        return text.toString();
    }

    private static Pattern reference(String pattern) {
        StringBuilder regex = new StringBuilder();
        String[] parts = pattern.split("\\*", -1);
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                regex.append(".*");
            }
            regex.append(Pattern.quote(parts[i]));
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}
