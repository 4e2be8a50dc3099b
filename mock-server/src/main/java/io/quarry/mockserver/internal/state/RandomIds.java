package io.quarry.mockserver.internal.state;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Unguessable identifiers (API keys, query IDs): 16 random bytes in hex. The generator is made on first use, so a
 * server that never makes one never sets up the JDK's security providers.
 */
public final class RandomIds {

    private RandomIds() {}

    /** {@return 32 hexadecimal digits from a strong random source} */
    public static String next() {
        byte[] bytes = new byte[16];
        Source.RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** Holds the generator until first use (thread-safe, like the generator). */
    private static final class Source {
        static final SecureRandom RANDOM = new SecureRandom();

        private Source() {}
    }
}
