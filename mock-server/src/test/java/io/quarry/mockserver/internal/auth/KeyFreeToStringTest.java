package io.quarry.mockserver.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.state.ApiKey;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the authentication keeps of a key prints without the key, should it ever reach a log line. */
class KeyFreeToStringTest {

    private static final String PARENT = "parent-key-value-0123456789abcdef";

    @Test
    void verdictsDecodedKeysSecuredKeysAndCallersShowNoKey() {
        String secured = SecuredKeyFactory.generate(PARENT, Map.of("restrictIndices", "movies"));
        SecuredKey.Decoded decoded = SecuredKey.decode(secured);
        ApiKey parent = new ApiKey(PARENT, List.of("search"), "", List.of(), 0, 0, 0, "", List.of(), null, 0, 0);

        assertThat(new SecuredKeyCache.Verdict(3, PARENT, false).toString()).doesNotContain(PARENT);
        assertThat(decoded.toString()).doesNotContain(PARENT).doesNotContain(decoded.hash());
        assertThat(SecuredKey.parse(parent, decoded.query()).toString()).doesNotContain(PARENT);
        assertThat(Caller.withSecuredKey(SecuredKey.parse(parent, decoded.query()))
                        .toString())
                .doesNotContain(PARENT);
    }
}
