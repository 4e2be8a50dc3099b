package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class MaskedMembersTest {

    private static final Set<String> NAMES = Set.of("key", "apiKey");
    /** The pattern the scan replaced: the same masks wherever the values end within the text. */
    private static final Pattern REFERENCE =
            Pattern.compile("(\"(?:apiKey|key)\"\\s*:\\s*\")((?:[^\"\\\\]|\\\\.)*)(\")");

    @Test
    void masksWhatThePatternMaskedOnRandomTexts() {
        long seed = 21_0002L;
        Random random = new Random(seed);
        String[] pieces = {"\"key\"", "\"apiKey\"", "\"k\"", ":", " ", "\"", "\\", "\\\"", "a", ",", "{", "}", "\n"};
        for (int round = 0; round < 50_000; round++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(14); i > 0; i--) {
                text.append(pieces[random.nextInt(pieces.length)]);
            }
            String masked = MaskedMembers.mask(text.toString(), NAMES, "***");
            Matcher m = REFERENCE.matcher(text);
            String expected = m.replaceAll("$1***$3");
            if (!masked.equals(expected)) {
                // only where the pattern found no closing quote may they differ: the scan masks to the end
                assertThat(masked)
                        .as("seed %d, round %d: %s", seed, round, text)
                        .endsWith("***");
            }
        }
    }

    @Test
    void aLongValueIsMaskedWithoutRecursion() {
        String text = "{\"key\":\"" + "x\\\"".repeat(100_000) + "\",\"other\":\"kept\"}";
        assertThat(MaskedMembers.mask(text, NAMES, "***")).isEqualTo("{\"key\":\"***\",\"other\":\"kept\"}");
    }

    @Test
    void aNameInsideOtherTextIsFoundToo() {
        assertThat(MaskedMembers.mask("oops \" then \"key\" : \"secret\" end", NAMES, "***"))
                .isEqualTo("oops \" then \"key\" : \"***\" end");
        assertThat(MaskedMembers.mask("{\"key\":1,\"key\":\"s\"}", NAMES, "***"))
                .isEqualTo("{\"key\":1,\"key\":\"***\"}");
        assertThat(MaskedMembers.mask("{\"key\":\"cut sh", NAMES, "***")).isEqualTo("{\"key\":\"***");
    }
}
