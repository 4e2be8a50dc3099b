package io.quarry.search.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A radius's text is read to its tenth character at most, however long it is: an {@code int} of meters has at most
 * ten digits, so a longer text is refused unread.
 */
class AutomaticRadiusJsonTest {

    @Test
    void aRadiusIsReadToItsTenthCharacterAtMost() {
        List<String> texts = List.of(
                "9".repeat(1_000_000), "12a" + "9".repeat(100_000), "2147483647", "2147483648", "99999999999", "1500");
        for (String text : texts) {
            CountedText counted = new CountedText(text);

            Integer meters = AutomaticRadiusJson.meters(counted);

            String shown = text.length() <= 11 ? text : text.substring(0, 11) + "... (" + text.length() + ")";
            assertThat(meters)
                    .as(shown)
                    .isEqualTo(
                            text.length() <= 10 && Long.parseLong(text) <= Integer.MAX_VALUE
                                    ? Integer.valueOf(text)
                                    : null);
            // read whole, the million digits are a million reads (parsed as a BigInteger, seconds of work)
            assertThat(counted.reads).as("characters read of %s", shown).isLessThanOrEqualTo(10);
        }
    }

    /** A text that counts the characters read. */
    private static final class CountedText implements CharSequence {
        private final String text;
        private long reads;

        CountedText(String text) {
            this.text = text;
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public char charAt(int index) {
            reads++;
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            reads += end - start;
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            reads += text.length();
            return text;
        }
    }
}
