package io.quarry.core.internal;

import io.quarry.core.Credentials;
import io.quarry.core.RequestOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Removes secrets from anything the core logs: the values of the credentials' secret headers, the forwarded
 * key of a request, and JSON string members that carry keys ({@code apiKey}, {@code key}, {@code securedApiKey},
 * {@code forwardedApiKey}). A {@code value} member is a key only in the bodies of the key endpoints (an API key
 * object holds its key there), so it is masked in those bodies alone ({@link #maskKeyValues(String)}): elsewhere
 * {@code value} is ordinary data, such as a highlighted attribute of a search hit.
 */
public final class Redactor {

    /** What a secret is replaced with. */
    public static final String MASK = "***";

    /** The headers, in lower case, whose value is a secret whatever the credentials: keys and authorizations. */
    public static final Set<String> SECRET_HEADERS = Set.of(
            Credentials.API_KEY_HEADER.toLowerCase(Locale.ROOT),
            RequestOptions.FORWARDED_API_KEY_HEADER.toLowerCase(Locale.ROOT),
            "authorization",
            "proxy-authorization");

    /** The members whose string value is a key wherever they appear. */
    private static final Set<String> KEY_MEMBERS = Set.of("apiKey", "key", "securedApiKey", "forwardedApiKey");
    /** The {@code value} member of an API key object is the key itself. */
    private static final Set<String> VALUE_MEMBER = Set.of("value");

    private final List<String> secrets;
    private final Set<String> secretHeaders;

    /**
     * @param credentials the client's credentials
     */
    public Redactor(Credentials credentials) {
        this.secrets = List.copyOf(credentials.secrets());
        java.util.Set<String> names = new java.util.HashSet<>();
        for (String name : credentials.secretHeaderNames()) {
            names.add(name.toLowerCase(Locale.ROOT));
        }
        names.addAll(SECRET_HEADERS);
        this.secretHeaders = Set.copyOf(names);
    }

    /**
     * Whether a header's value must never be shown.
     *
     * @param name the header name
     * @return true if secret
     */
    public boolean isSecretHeader(String name) {
        return secretHeaders.contains(name.toLowerCase(Locale.ROOT));
    }

    /**
     * Text with every known secret, and every extra secret given, replaced by {@value #MASK}.
     *
     * @param text  the text
     * @param extra further secrets of this request (a forwarded key), may be empty
     * @return the redacted text
     */
    public String redact(String text, List<String> extra) {
        if (text == null) {
            return null;
        }
        List<String> all = new ArrayList<>(secrets);
        all.addAll(extra);
        String result = text;
        for (String secret : all) {
            if (secret != null && !secret.isEmpty()) {
                result = result.replace(secret, MASK);
            }
        }
        return MaskedMembers.mask(result, KEY_MEMBERS, MASK);
    }

    /**
     * Whether an endpoint's bodies hold API key objects, whose {@code value} member is the key: the endpoints
     * with a {@code keys} path segment ({@code /1/keys}, {@code /1/indexes/{indexName}/keys/{key}}, ...).
     *
     * @param pathTemplate the endpoint's path template
     * @return true for the key endpoints
     */
    public static boolean holdsKeyObjects(String pathTemplate) {
        int at = pathTemplate.indexOf("/keys");
        while (at >= 0) {
            int end = at + "/keys".length();
            if (end == pathTemplate.length() || pathTemplate.charAt(end) == '/') {
                return true;
            }
            at = pathTemplate.indexOf("/keys", end);
        }
        return false;
    }

    /**
     * Text of a key endpoint's body with every {@code value} member masked too: there it holds a key.
     *
     * @param text the text
     * @return the masked text
     */
    public static String maskKeyValues(String text) {
        if (text == null) {
            return null;
        }
        return MaskedMembers.mask(text, VALUE_MEMBER, MASK);
    }
}
