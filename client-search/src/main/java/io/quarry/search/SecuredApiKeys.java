package io.quarry.search;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.JsonText;
import io.quarry.core.spi.UrlEncoding;
import io.quarry.search.internal.RestrictionLists;
import io.quarry.search.internal.SourceNetworks;
import io.quarry.search.model.SearchQuery;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.StringJoiner;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Secured API keys, generated without calling the service: the restrictions as a query string of
 * sorted names with percent-encoded values ({@code %20} for spaces, lists comma-joined), its HMAC-SHA256 with
 * the parent key in lower-case hex, then Base64 of hex followed by the query string. The parent key should be a
 * search key, never the admin key; it is never embedded in the result.
 *
 * <p>The embedded search parameters ({@code filters} among them) limit what the key reads: searches, browsing,
 * records by objectID. They do not limit what it writes: a secured key holds its parent's rights, so a parent that
 * may delete records lets the key delete by query records its searches never show.
 * Generate secured keys from a key with the {@code search} right alone.
 */
public final class SecuredApiKeys {

    private static final int HASH_HEX_LENGTH = 64;

    private SecuredApiKeys() {}

    /**
     * Generates a secured key.
     *
     * @param parentKey    the key the secured key derives from (its rights apply)
     * @param restrictions what the key embeds
     * @return the secured key
     * @throws io.quarry.core.InvalidRequestException if the parent key is empty or is itself a secured key, which
     *     the service never accepts as a parent, or if {@code restrictSources} holds something other than IPv4
     *     networks or the parameters are wrapped in {@code params}, with which the service refuses every call, or if
     *     a restriction would be read by the service as none ({@code restrictIndices} naming no index, a blank
     *     {@code filters} or {@code userToken}): the key would see more than it was meant to
     * @throws NullPointerException naming {@code parentKey} or {@code restrictions} if either is null
     */
    public static String generate(String parentKey, SecuredApiKeyRestrictions restrictions) {
        requireParent(parentKey);
        Objects.requireNonNull(restrictions, "restrictions");
        if (isSecuredKey(parentKey)) {
            // the service finds a secured key's parent among the stored keys, where no secured key is
            throw new InvalidRequestException("the parent key is itself a secured API key: the service refuses a"
                    + " secured key generated from one; generate it from the key that one was generated from");
        }
        Map<String, Object> params = restrictions.toParams();
        if (params.containsKey("params")) {
            throw new InvalidRequestException("a secured API key embeds search parameters by name: the service refuses"
                    + " a key that wraps them in params");
        }
        // set as text through searchParams, each must read as the service reads it
        restrictions.validUntil();
        List<String> indices = restrictions.restrictIndices();
        restrictions.referers();
        refuseWidening(params, indices);
        Object sources = params.get("restrictSources");
        if (sources != null && !SourceNetworks.areValid(asRestrictionText("restrictSources", sources))) {
            // the service would refuse every call made with the key
            throw new InvalidRequestException("restrictSources must be IPv4 networks in CIDR notation, comma-separated"
                    + " (such as 192.168.1.0/24,10.0.0.1), not " + asRestrictionText("restrictSources", sources));
        }
        String query = queryString(params);
        return Base64.getEncoder().encodeToString((hmacHex(parentKey, query) + query).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Refuses a restriction the service would read as none: a key meant to see one tenant's records, or no index,
     * would otherwise be signed seeing everything (an empty list or a blank filter computed from missing data, say).
     */
    private static void refuseWidening(Map<String, Object> params, List<String> indices) {
        if (params.containsKey("restrictIndices") && indices.stream().allMatch(String::isBlank)) {
            throw new InvalidRequestException("restrictIndices names no index: the service reads an empty list as no"
                    + " restriction, so the key could query every index; leave restrictIndices out for that");
        }
        for (String name : List.of("filters", "userToken")) {
            Object value = params.get(name);
            if (value instanceof String text && text.isBlank()) {
                throw new InvalidRequestException(name + " is blank: the service reads a blank " + name
                        + " as none, so the key would not be limited by it; leave " + name + " out for that");
            }
        }
    }

    /**
     * Reads back the restrictions a secured key embeds (without checking its signature, which needs the parent).
     * Search parameters come back as the strings the key holds. Keys generated elsewhere are read as the service
     * reads them: standard or URL-safe Base64 (a space standing for a {@code +} lost to URL decoding), list
     * restrictions comma-separated or as JSON arrays (a {@code restrictSources} array comes back comma-joined).
     *
     * @param securedKey the key
     * @return the restrictions
     * @throws io.quarry.core.InvalidRequestException if the text is not a secured key, or is one the service refuses
     *     for a malformed list restriction
     */
    public static SecuredApiKeyRestrictions decode(String securedKey) {
        Map<String, String> params = parse(queryPart(securedKey));
        SecuredApiKeyRestrictions r = SecuredApiKeyRestrictions.of();
        SearchQuery search = SearchQuery.of();
        for (Map.Entry<String, String> e : params.entrySet()) {
            String value = e.getValue();
            switch (e.getKey()) {
                case "validUntil" -> r = r.validUntil(validUntil(value));
                case "restrictIndices" -> r = r.restrictIndices(list(e.getKey(), value));
                case "referers" -> r = r.referers(list(e.getKey(), value));
                case "restrictSources" -> r = r.restrictSources(sources(value));
                case "userToken" -> r = r.userToken(value);
                default -> search = search.param(e.getKey(), value);
            }
        }
        return r.searchParams(search);
    }

    /**
     * Whether a key was generated from a parent key with these exact parameters (signature check).
     *
     * @param parentKey  the parent key
     * @param securedKey the secured key
     * @return true if the signature matches
     * @throws io.quarry.core.InvalidRequestException if the parent key is empty (no secured key is generated from
     *     one) or the text is not a secured key
     */
    public static boolean isSignedBy(String parentKey, String securedKey) {
        requireParent(parentKey);
        String decoded = decodeBase64(securedKey);
        String expected = hmacHex(parentKey, decoded.substring(HASH_HEX_LENGTH));
        return java.security.MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.US_ASCII),
                decoded.substring(0, HASH_HEX_LENGTH).toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * How long a secured key stays valid.
     *
     * @param securedKey the key
     * @return the time left; zero or negative once expired (the service refuses the key from its validUntil
     *     second on)
     * @throws io.quarry.core.InvalidRequestException if the key has no {@code validUntil}
     */
    public static Duration remainingValidity(String securedKey) {
        return remainingValidity(securedKey, Clock.systemUTC());
    }

    /**
     * How long a secured key stays valid at the time of a clock.
     *
     * @param securedKey the key
     * @param clock      the clock
     * @return the time left; zero or negative once expired (the service refuses the key from its validUntil
     *     second on)
     * @throws io.quarry.core.InvalidRequestException if the key has no {@code validUntil}
     */
    public static Duration remainingValidity(String securedKey, Clock clock) {
        Objects.requireNonNull(clock, "clock");
        Instant validUntil = decode(securedKey)
                .validUntil()
                .orElseThrow(() -> new InvalidRequestException("the secured key has no validUntil restriction"));
        return Duration.between(clock.instant(), validUntil);
    }

    private static void requireParent(String parentKey) {
        Objects.requireNonNull(parentKey, "parentKey");
        if (parentKey.isEmpty()) {
            // an HMAC cannot be keyed with nothing; the value is not echoed either way
            throw new InvalidRequestException("the parent key of a secured API key must not be empty");
        }
    }

    /** {@return whether the text has a secured key's form: Base64 of 64 hexadecimal digits and a query string} */
    private static boolean isSecuredKey(String text) {
        byte[] decoded = base64(text);
        if (decoded == null || decoded.length < HASH_HEX_LENGTH) {
            return false;
        }
        for (int i = 0; i < HASH_HEX_LENGTH; i++) {
            if (Character.digit(decoded[i], 16) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@return the bytes of standard or URL-safe Base64, as the service reads a key, or {@code null} for neither}
     * A key passed through URL decoding has its {@code +} turned to spaces; they are read back as {@code +}.
     */
    private static byte[] base64(String text) {
        String trimmed = text.trim();
        try {
            return Base64.getDecoder().decode(trimmed.replace(' ', '+'));
        } catch (IllegalArgumentException standard) {
            try {
                return Base64.getUrlDecoder().decode(trimmed);
            } catch (IllegalArgumentException urlSafe) {
                return null;
            }
        }
    }

    private static String queryString(Map<String, Object> sorted) {
        StringJoiner query = new StringJoiner("&");
        sorted.forEach((name, value) -> query.add(
                UrlEncoding.percentEncode(name) + "=" + UrlEncoding.percentEncode(asRestrictionText(name, value))));
        return query.toString();
    }

    private static String hmacHex(String parentKey, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(parentKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JDK", e);
        }
    }

    private static String queryPart(String securedKey) {
        return decodeBase64(securedKey).substring(HASH_HEX_LENGTH);
    }

    private static String decodeBase64(String securedKey) {
        byte[] bytes = base64(Objects.requireNonNull(securedKey, "securedKey"));
        if (bytes == null) {
            throw new InvalidRequestException("not a secured API key: not Base64");
        }
        String decoded;
        try {
            decoded = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            // the service reads no such key; read leniently, its HMAC would be checked over other bytes
            throw new InvalidRequestException("not a secured API key: not UTF-8 text", e);
        }
        if (decoded.length() < HASH_HEX_LENGTH
                || !decoded.substring(0, HASH_HEX_LENGTH).matches("[0-9a-fA-F]++")) {
            throw new InvalidRequestException("not a secured API key: no HMAC-SHA256 prefix");
        }
        return decoded;
    }

    private static Map<String, String> parse(String query) {
        Map<String, String> params = new LinkedHashMap<>();
        if (query.isEmpty()) {
            return params;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            if (params.put(urlDecoded(name), urlDecoded(value)) != null) {
                // the service refuses it rather than guess which one holds
                throw new InvalidRequestException(
                        "not a secured API key the service accepts: a parameter is given twice");
            }
        }
        return params;
    }

    private static String urlDecoded(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("not a secured API key: malformed percent-encoding", e);
        }
    }

    private static String[] list(String name, String value) {
        return RestrictionLists.read(name, value).toArray(String[]::new);
    }

    /** A JSON array of networks comma-joined, the form {@link SecuredApiKeyRestrictions#restrictSources} takes. */
    private static String sources(String value) {
        return value.trim().startsWith("[") ? String.join(",", RestrictionLists.read("restrictSources", value)) : value;
    }

    /**
     * A decimal number of seconds, as the service reads it, its fraction dropped: keys generated elsewhere may carry
     * a fraction ({@code Date.now() / 1000}), an exponent or spaces around it.
     */
    static Instant validUntil(String value) {
        String text = value.trim();
        try {
            if (text.length() < 19 && text.chars().allMatch(c -> (c >= '0' && c <= '9') || c == '-' || c == '+')) {
                return instant(Long.parseLong(text), text); // exact where a double would round
            }
            // only these characters: Double.parseDouble also reads NaN, Infinity, 0x1p40 and 1d, no service's times
            if (!text.chars().allMatch(c -> (c >= '0' && c <= '9') || "+-.eE".indexOf(c) >= 0)) {
                throw new NumberFormatException();
            }
            double whole = Math.floor(Double.parseDouble(text));
            if (!(whole >= Long.MIN_VALUE && whole <= Long.MAX_VALUE)) {
                throw new InvalidRequestException("validUntil of the secured key is no instant: " + text);
            }
            return instant((long) whole, text);
        } catch (NumberFormatException e) {
            throw new InvalidRequestException("validUntil of the secured key is not a number", e);
        }
    }

    private static Instant instant(long seconds, String text) {
        if (seconds < Instant.MIN.getEpochSecond() || seconds > Instant.MAX.getEpochSecond()) {
            throw new InvalidRequestException("validUntil of the secured key is no instant: " + text);
        }
        return Instant.ofEpochSecond(seconds);
    }

    /** The pattern lists, whose items may hold a comma (no network does). */
    private static final Set<String> PATTERN_LISTS = Set.of("restrictIndices", "referers");

    /**
     * A restriction's value as secured keys carry it: string lists comma-joined, other lists and objects as JSON. A
     * restriction list with an item holding a comma is a JSON array: comma-joined, {@code "a,b"} would restrict to
     * {@code a} and {@code b}, neither of which was named.
     */
    private static String asRestrictionText(String name, Object value) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof Collection<?> list
                && PATTERN_LISTS.contains(name)
                && list.stream().anyMatch(v -> v instanceof String s && s.indexOf(',') >= 0)) {
            return JsonText.write(value);
        }
        if (value instanceof Collection<?> list && list.stream().allMatch(v -> v instanceof String)) {
            StringJoiner joined = new StringJoiner(",");
            list.forEach(v -> joined.add((String) v));
            return joined.toString();
        }
        if ((value instanceof Double || value instanceof Float) && !Double.isFinite(((Number) value).doubleValue())) {
            // it would be embedded as the text NaN or Infinity, which the service takes for no number
            throw new InvalidRequestException(
                    "restriction " + (name.length() <= 64 ? name : name.substring(0, 61) + "...")
                            + " of the secured key is " + value + ", not a finite number");
        }
        return value instanceof Number || value instanceof Boolean ? value.toString() : JsonText.write(value);
    }
}
