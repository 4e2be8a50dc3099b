package io.quarry.core;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How a client authenticates: the headers it adds to every request, and which of them are secret.
 *
 * <p>Three schemes cover the service's APIs:
 * <ul>
 *   <li>{@link #apiKey(String, String)}: {@code X-Service-Application-Id} and {@code X-Service-API-Key}
 *       (search, analytics, insights, personalization, answers, query suggestions, and monitoring and usage
 *       with their own keys); a secured API key is passed the same way;</li>
 *   <li>{@link #basic(String, String)}: HTTP basic authentication (crawler);</li>
 *   <li>{@link #headers(Map, Set, String)}: any header pairs, naming which ones are secret.</li>
 * </ul>
 * Secret values are redacted from every log line the core writes, and {@link #toString()} never shows them.
 */
public final class Credentials {

    /** Header carrying the application ID. */
    public static final String APPLICATION_ID_HEADER = "X-Service-Application-Id";
    /** Header carrying the API key. */
    public static final String API_KEY_HEADER = "X-Service-API-Key";

    private final Map<String, String> headers;
    private final Set<String> secretHeaderNames;
    private final String applicationId;

    private Credentials(Map<String, String> headers, Set<String> secretHeaderNames, String applicationId) {
        this.headers = headers;
        this.secretHeaderNames = secretHeaderNames;
        this.applicationId = applicationId;
    }

    /**
     * Application ID and API key headers.
     *
     * @param applicationId the application ID, not blank
     * @param apiKey        the API key (admin, search-only, secured, monitoring or usage key), not blank
     * @return the credentials
     * @throws ConfigurationException if either is blank
     */
    public static Credentials apiKey(String applicationId, String apiKey) {
        requireText(applicationId, "application ID");
        requireText(apiKey, "API key");
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(APPLICATION_ID_HEADER, applicationId);
        headers.put(API_KEY_HEADER, apiKey);
        return new Credentials(Map.copyOf(headers), Set.of(API_KEY_HEADER), applicationId);
    }

    /**
     * HTTP basic authentication ({@code Authorization: Basic ...}), as the crawler API uses with a crawler
     * user ID and crawler API key.
     *
     * @param userId   the user ID, not blank, without {@code :}
     * @param password the password or key, not blank
     * @return the credentials
     * @throws ConfigurationException if either is blank or the user ID contains {@code :}
     */
    public static Credentials basic(String userId, String password) {
        requireText(userId, "user ID");
        requireText(password, "password");
        if (userId.indexOf(':') >= 0) {
            throw new ConfigurationException("a basic-auth user ID must not contain ':'");
        }
        String token = Base64.getEncoder().encodeToString((userId + ":" + password).getBytes(StandardCharsets.UTF_8));
        return new Credentials(Map.of("Authorization", "Basic " + token), Set.of("Authorization"), null);
    }

    /**
     * Custom header pairs.
     *
     * @param headers           header name to value, at least one
     * @param secretHeaderNames names among {@code headers} whose values must never be shown
     * @param applicationId     the application ID the default hosts are derived from, or null if none
     * @return the credentials
     * @throws ConfigurationException if a name or value is blank or a secret name is not among the headers
     */
    public static Credentials headers(
            Map<String, String> headers, Set<String> secretHeaderNames, String applicationId) {
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(secretHeaderNames, "secretHeaderNames");
        if (headers.isEmpty()) {
            throw new ConfigurationException("credentials need at least one header");
        }
        headers.forEach((name, value) -> {
            requireText(name, "header name");
            requireText(value, "value of header " + name);
        });
        for (String secret : secretHeaderNames) {
            if (!headers.containsKey(secret)) {
                throw new ConfigurationException("secret header " + secret + " is not among the credential headers");
            }
        }
        if (applicationId != null) {
            requireText(applicationId, "application ID");
        }
        return new Credentials(Map.copyOf(headers), Set.copyOf(secretHeaderNames), applicationId);
    }

    /**
     * The headers added to every request.
     *
     * @return header name to value, unmodifiable
     */
    public Map<String, String> headers() {
        return headers;
    }

    /**
     * The values that must never appear in logs, exception messages or {@code toString}.
     *
     * @return the secret values
     */
    public List<String> secrets() {
        List<String> secrets = new ArrayList<>(secretHeaderNames.size());
        for (String name : secretHeaderNames) {
            secrets.add(headers.get(name));
        }
        return List.copyOf(secrets);
    }

    /**
     * The names of the headers whose values are secret.
     *
     * @return the names
     */
    public Set<String> secretHeaderNames() {
        return secretHeaderNames;
    }

    /**
     * The application ID, if these credentials carry one; default hosts are derived from it.
     *
     * @return the application ID
     */
    public Optional<String> applicationId() {
        return Optional.ofNullable(applicationId);
    }

    /** Shows header names and non-secret values; secret values are replaced by {@code ***}. */
    @Override
    public String toString() {
        return "Credentials"
                + headers.entrySet().stream()
                        .map(e -> e.getKey() + "=" + (secretHeaderNames.contains(e.getKey()) ? "***" : e.getValue()))
                        .sorted()
                        .collect(Collectors.joining(", ", "{", "}"));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Credentials other
                && headers.equals(other.headers)
                && secretHeaderNames.equals(other.secretHeaderNames)
                && Objects.equals(applicationId, other.applicationId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(headers, secretHeaderNames, applicationId);
    }

    private static void requireText(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new ConfigurationException(what + " must not be blank");
        }
        // checked here, without echoing the value: OkHttp's own check would put it in its message
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7E) {
                throw new ConfigurationException(what + " contains a control or non-ASCII character"
                        + " (a trailing newline from a file?); it cannot be sent in a header");
            }
        }
    }
}
