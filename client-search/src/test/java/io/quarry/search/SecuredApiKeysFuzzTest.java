package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.QuarryException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Whatever text is handed over as a secured key, reading it answers or fails with a typed error. */
class SecuredApiKeysFuzzTest {

    private static final String HEX64 = "0123456789abcdef".repeat(4);
    private static final String[] PIECES = {
        "validUntil=",
        "restrictIndices=",
        "referers=",
        "restrictSources=",
        "userToken=",
        "filters=",
        "hitsPerPage=",
        "&",
        "=",
        "%",
        "%2",
        "%zz",
        "%E9",
        "%C3%A9",
        ",",
        " ",
        "1",
        "-1",
        "99999999999999999999",
        "1e9",
        "*",
        "a",
        "\u00e9",
        "\uD83D\uDE00",
        "10.0.0.0/8",
        "10.0.0.0/99",
        "::1",
        "\u0000",
        "+",
        "[\"a\"]",
        "{}",
        "null"
    };

    @Test
    void anyTextReadsOrFailsTyped() {
        long seed = 21_0003L;
        Random random = new Random(seed);
        String parent = "parent-key";
        for (int round = 0; round < 20_000; round++) {
            StringBuilder query = new StringBuilder();
            for (int i = random.nextInt(8); i > 0; i--) {
                query.append(PIECES[random.nextInt(PIECES.length)]);
            }
            String prefix = random.nextInt(10) == 0 ? HEX64.substring(random.nextInt(64)) : HEX64;
            String key = random.nextInt(20) == 0
                    ? query.toString()
                    : Base64.getEncoder().encodeToString((prefix + query).getBytes(StandardCharsets.UTF_8));
            String what = "seed " + seed + ", round " + round + ": " + query;
            typedOrValue(what, () -> SecuredApiKeys.decode(key));
            typedOrValue(what, () -> SecuredApiKeys.remainingValidity(key, Clock.systemUTC()));
            typedOrValue(what, () -> SecuredApiKeys.isSignedBy(parent, key));
            typedOrValue(what, () -> SecuredApiKeys.isSignedBy("", key));
        }
    }

    private static void typedOrValue(String what, Supplier<?> read) {
        try {
            read.get();
        } catch (QuarryException expected) {
            assertThat(expected.getMessage()).as(what).isNotBlank();
        } catch (RuntimeException untyped) {
            throw new AssertionError(what + " threw " + untyped, untyped);
        }
    }
}
