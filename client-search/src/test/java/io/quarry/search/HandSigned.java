package io.quarry.search;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Secured keys signed by the tests themselves, not by the client: keys the client refuses to make, or forms it never
 * writes, to show what the service does with them.
 */
final class HandSigned {

    private HandSigned() {}

    /**
     * {@return a secured key: Base64 of the query's HMAC-SHA256 with the parent (lower-case hex), then the query}
     *
     * @param parent the parent key
     * @param query  the restrictions, as the key embeds them
     */
    static String key(String parent, String query) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(parent.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            String hash = HexFormat.of().formatHex(mac.doFinal(query.getBytes(StandardCharsets.UTF_8)));
            return Base64.getEncoder().encodeToString((hash + query).getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
