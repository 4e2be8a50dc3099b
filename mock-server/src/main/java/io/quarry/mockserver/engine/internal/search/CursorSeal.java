package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Makes browse cursors unforgeable: a cursor is its contents followed by an HMAC of them under a key drawn at random
 * for each engine, so only a cursor this engine issued opens. A cursor is opaque to callers; one they made or edited
 * (whatever shape its contents take) is refused as not issued here, never read.
 */
public final class CursorSeal {

    private static final String ALGORITHM = "HmacSHA256";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private final SecretKeySpec key;

    /** Draws a new key: cursors sealed by another instance do not open here. */
    public CursorSeal() {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        this.key = new SecretKeySpec(secret, ALGORITHM);
    }

    /** {@return the cursor carrying these contents} */
    String seal(byte[] contents) {
        return ENCODER.encodeToString(contents) + "." + ENCODER.encodeToString(mac(contents));
    }

    /**
     * {@return the contents of a cursor this instance sealed}
     *
     * @throws EngineException 400 {@code Invalid cursor} for any other text
     */
    byte[] open(String cursor) {
        int dot = cursor.indexOf('.');
        if (dot >= 0) {
            try {
                byte[] contents = DECODER.decode(cursor.substring(0, dot));
                byte[] signature = DECODER.decode(cursor.substring(dot + 1));
                if (MessageDigest.isEqual(signature, mac(contents))) {
                    return contents;
                }
            } catch (IllegalArgumentException e) {
                // not Base64: refused below like any other cursor not issued here
            }
        }
        throw new EngineException(400, "Invalid cursor");
    }

    private byte[] mac(byte[] contents) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM); // a Mac is not thread-safe, and browses run on many threads
            mac.init(key);
            return mac.doFinal(contents);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is in every JDK", e);
        }
    }
}
