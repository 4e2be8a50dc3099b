package io.quarry.mockserver.internal.auth;

import io.quarry.mockserver.engine.internal.text.DecimalText;
import io.quarry.mockserver.engine.internal.text.UrlText;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.ApiKey;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A secured API key: {@code Base64(hex(HMAC-SHA256(parent, query)) + query)}, where the
 * query string carries restrictions ({@code validUntil}, {@code restrictIndices}, {@code restrictSources},
 * {@code userToken}, {@code referers}) and search parameters ({@code filters} is ANDed with the query's own, the
 * others are forced). List values are comma-separated or a JSON array. {@code toString} shows no key.
 *
 * @param parent the key it was derived from
 * @param validUntil expiry in Unix seconds, 0 for none; a key carrying a validUntil that is no positive number of
 *     whole seconds (NaN, the infinities, 0, -1, 0.5) has one in the past, so it is expired
 * @param restrictIndices allowed index patterns, empty for all
 * @param restrictSources allowed IPv4 networks, empty for all
 * @param userToken the user it stands for (the rate-limit identity, forced on searches, the only user of its
 *     events and profile reads), or {@code null} (an empty one too) to count per IP
 * @param referers allowed referer patterns, empty for all
 * @param filters a filter expression ANDed with the query's, or {@code null}
 * @param searchParams the other embedded parameters, forced over the query's
 */
public record SecuredKey(
        ApiKey parent,
        long validUntil,
        List<String> restrictIndices,
        List<String> restrictSources,
        String userToken,
        List<String> referers,
        String filters,
        Map<String, String> searchParams) {

    private static final int HASH_HEX_LENGTH = 64;
    /** The validUntil of a key whose validUntil is no positive number: already past. */
    private static final long EXPIRED = Long.MIN_VALUE;
    /** The validUntil values that are no number of seconds but no malformed key either: never valid. */
    private static final Set<String> NEVER_VALID = Set.of("NaN", "Infinity", "+Infinity", "-Infinity");

    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    /**
     * The content of a candidate secured key, before its parent is known.
     *
     * @param hash the lowercase hex HMAC it carries
     * @param query the query string it signs
     */
    record Decoded(String hash, String query) {

        @Override
        public String toString() {
            return "Decoded[secured key]";
        }
    }

    /**
     * {@return its hash and query, or {@code null} when it does not have the shape of a secured key}
     *
     * @param candidate a key as sent
     */
    static Decoded decode(String candidate) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(candidate.trim().replace(' ', '+'));
        } catch (IllegalArgumentException e) {
            try {
                bytes = Base64.getUrlDecoder().decode(candidate.trim());
            } catch (IllegalArgumentException urlSafe) {
                return null;
            }
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
        if (text.length() < HASH_HEX_LENGTH) {
            return null;
        }
        String hash = text.substring(0, HASH_HEX_LENGTH).toLowerCase(Locale.ROOT);
        if (!hash.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            return null;
        }
        return new Decoded(hash, text.substring(HASH_HEX_LENGTH));
    }

    /**
     * {@return whether the candidate's hash is the HMAC of its query with that secret (constant-time compare)}
     *
     * @param decoded a decoded candidate
     * @param secret a possible parent key's value
     */
    static boolean signedWith(Decoded decoded, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            byte[] expected = HexFormat.of()
                    .formatHex(mac.doFinal(decoded.query().getBytes(StandardCharsets.UTF_8)))
                    .getBytes(StandardCharsets.US_ASCII);
            return MessageDigest.isEqual(expected, decoded.hash().getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is unavailable", e);
        }
    }

    /**
     * {@return the restrictions it carries}
     *
     * @param parent the verified parent key
     * @param query the signed query string
     * @throws ApiException 403 when a restriction is malformed
     */
    static SecuredKey parse(ApiKey parent, String query) {
        long validUntil = 0;
        List<String> indices = List.of();
        List<String> sources = List.of();
        List<String> referers = List.of();
        String userToken = null;
        String filters = null;
        Map<String, String> search = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : decodeQuery(query).entrySet()) {
            String value = entry.getValue();
            switch (entry.getKey()) {
                case "validUntil" -> validUntil = number(value);
                case "restrictIndices" -> indices = list(value);
                case "restrictSources" -> sources = list(value);
                case "referers" -> referers = list(value);
                // an empty one names no user: it would put every user of the key under one rate limit
                case "userToken" -> userToken = value.isEmpty() ? null : value;
                case "filters" -> filters = value.isBlank() ? null : value;
                // forced as a whole, it would set filters and filter lists past the rules that keep each in force
                case "params" -> throw invalid("search parameters are embedded by name, not inside params");
                default -> search.put(entry.getKey(), value);
            }
        }
        for (String source : sources) {
            try {
                Ipv4Network.parse(source);
            } catch (IllegalArgumentException e) {
                throw invalid("restrictSources must be IPv4 networks in CIDR notation");
            }
        }
        return new SecuredKey(parent, validUntil, indices, sources, userToken, referers, filters, Map.copyOf(search));
    }

    private static Map<String, String> decodeQuery(String query) {
        Map<String, String> decoded = new LinkedHashMap<>();
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name;
            String value;
            try {
                // the one strict decoder: escapes that are not UTF-8 are refused, as in paths and query strings
                name = UrlText.decode(eq < 0 ? pair : pair.substring(0, eq), true);
                value = eq < 0 ? "" : UrlText.decode(pair.substring(eq + 1), true);
            } catch (IllegalArgumentException e) {
                throw invalid("its parameters are not URL-encoded");
            }
            // the last would win: a value appended unescaped ("&restrictIndices=") would lift the one signed before
            if (decoded.put(name, value) != null) {
                throw invalid("a parameter is given twice");
            }
        }
        return decoded;
    }

    /**
     * A validUntil is a decimal number of seconds, its fraction dropped. One that is no positive number of whole
     * seconds (NaN, the infinities, -1, 0, 0.5) can never be valid: it is expired at once, where dropping the
     * fraction of 0.5 would leave 0, which stands for no validUntil.
     */
    private static long number(String value) {
        String text = value.trim();
        if (NEVER_VALID.contains(text)) {
            return EXPIRED;
        }
        BigDecimal seconds;
        try {
            if (!DecimalText.isDecimal(text)) {
                throw new NumberFormatException();
            }
            seconds = new BigDecimal(text);
        } catch (NumberFormatException | ArithmeticException e) {
            throw invalid("validUntil must be a Unix timestamp");
        }
        if (seconds.compareTo(BigDecimal.ONE) < 0) {
            return EXPIRED;
        }
        return seconds.compareTo(LONG_MAX) >= 0 ? Long.MAX_VALUE : seconds.longValue();
    }

    private static List<String> list(String value) {
        String trimmed = value.trim();
        List<String> items = new ArrayList<>();
        if (trimmed.startsWith("[")) {
            try {
                JsonNode array = Json.parse(trimmed);
                for (JsonNode item : array) {
                    // read as "", a blank pattern, anything else would lift the restriction
                    if (!item.isString() && !item.isNumber()) {
                        throw invalid("a list restriction holds an item that is neither a string nor a number");
                    }
                    items.add(item.asString());
                }
            } catch (JacksonException e) {
                throw invalid("a list restriction is neither comma-separated nor a JSON array");
            }
        } else if (!trimmed.isEmpty()) {
            for (String item : trimmed.split(",")) {
                if (!item.isBlank()) {
                    items.add(item.trim());
                }
            }
        }
        return List.copyOf(items);
    }

    private static ApiException invalid(String why) {
        return new ApiException(403, "Invalid secured API key: " + why);
    }

    /**
     * {@return the search parameters it forces: those embedded, and its userToken} The key's user is the user of
     * every search made with it, as of every event it sends: a request's own userToken would let a key handed to
     * one user search (and feed analytics and personalization) as another.
     */
    Map<String, String> forcedParams() {
        if (userToken == null) {
            return searchParams;
        }
        Map<String, String> forced = new LinkedHashMap<>(searchParams);
        forced.put("userToken", userToken);
        return forced;
    }

    @Override
    public String toString() {
        return "SecuredKey[restrictIndices=" + restrictIndices + ", validUntil=" + validUntil + "]";
    }
}
