package io.quarry.mockserver.engine.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.CountedText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The syntax of a decimal number, as a secured key's {@code validUntil} (read as a decimal of any size) holds it. */
class DecimalTextSyntaxTest {

    @ParameterizedTest
    @ValueSource(strings = {"0", "1700000000", "-1", "+5", "1.5", ".5", "5.", "1e9", "1E+9", "2.5e-3"})
    void decimals(String text) {
        assertThat(DecimalText.isDecimal(text)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"", "-", ".", "e9", "1e", "1e+", "0x10", "1d", "1f", "NaN", "Infinity", "1 2", "١٢", "1..2"})
    void notDecimals(String text) {
        assertThat(DecimalText.isDecimal(text)).isFalse();
    }

    @Test
    void aLongTextIsScannedOnce() {
        String digits = "9".repeat(10_000);
        for (String text : new String[] {digits + "." + digits + "e" + digits, digits + "." + digits + "x"}) {
            CountedText read = new CountedText(text);
            boolean decimal = DecimalText.matches(read);
            assertThat(decimal).isEqualTo(text.endsWith(digits));
            // a pattern that gives back digits to retry them reads the run again for each digit it gives back: 100
            // million reads here
            assertThat(read.reads())
                    .as("characters read in a text of %d", text.length())
                    .isLessThanOrEqualTo(3L * text.length());
        }
    }
}
