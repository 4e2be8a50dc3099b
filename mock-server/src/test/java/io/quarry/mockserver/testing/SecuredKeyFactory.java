package io.quarry.mockserver.testing;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Generates secured API keys the way clients do: the restrictions as a query string with sorted names and
 * percent-encoded values ({@code %20} for spaces), HMAC-SHA256 of it with the parent key in hex, then
 * Base64(hex + query string).
 */
public final class SecuredKeyFactory {

    private SecuredKeyFactory() {}

    /**
     * @param parentKey the parent API key
     * @param restrictions parameter name to value (lists already comma-joined)
     * @return the secured key
     */
    public static String generate(String parentKey, Map<String, String> restrictions) {
        StringJoiner query = new StringJoiner("&");
        new TreeMap<>(restrictions)
                .forEach((name, value) -> query.add(name + "="
                        + URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20")));
        return sign(parentKey, query.toString());
    }

    /**
     * @param parentKey the key to sign with
     * @param query the exact query string
     * @return Base64(hex(HMAC-SHA256(parentKey, query)) + query)
     */
    public static String sign(String parentKey, String query) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(parentKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            String hash = HexFormat.of().formatHex(mac.doFinal(query.getBytes(StandardCharsets.UTF_8)));
            return Base64.getEncoder().encodeToString((hash + query).getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
