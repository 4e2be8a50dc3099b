package io.quarry.mockserver.internal.auth;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Guard;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.state.ApiKey;
import io.quarry.mockserver.internal.state.ApiKeys;
import io.quarry.mockserver.internal.state.UserMappings;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks credentials once per request, before any handler, and attaches the {@link Caller} to the request. The
 * application ID and API key come from the {@code X-Service-Application-Id} / {@code X-Service-API-Key} headers,
 * else from URL parameters: on the analytics, insights and answers APIs, which document credentials as URL
 * parameters, under the headers' own names, case-sensitive; elsewhere under the lowercase names
 * {@code x-service-application-id} / {@code x-service-api-key}, the search API's public convention (the other
 * documents name headers only; the mock server keeps accepting the lowercase parameters there). A header wins
 * over a URL parameter. The key is the admin key, an
 * API key, or a secured key whose parent (a non-admin key) is found by recomputing its HMAC. In order: validity and
 * sources of a secured key, referers, the route's right ({@link Access}), the index of the path, the unassigned
 * user of multi-cluster mapping, and last the hourly rate limit, which counts only calls that passed the rest.
 */
public final class Authenticator implements Guard {

    private static final String APP_ID_HEADER = "X-Service-Application-Id";
    private static final String API_KEY_HEADER = "X-Service-API-Key";
    private static final String APP_ID_PARAM = "x-service-application-id";
    private static final String API_KEY_PARAM = "x-service-api-key";
    private static final String USER_ID_HEADER = "X-Service-User-ID";
    private static final String INVALID = "Invalid Application-ID or API key";
    /** The crawler API's challenge: HTTP basic authentication, its user ID and key read as UTF-8. */
    private static final String CRAWLER_CHALLENGE = "Basic realm=\"crawler\", charset=\"UTF-8\"";

    private static final String CRAWLER_HOW = "send HTTP basic authentication with the crawler user ID and the"
            + " crawler API key (header Authorization: Basic, then base64 of userId:apiKey)";

    /** The APIs whose documents accept the credentials as URL parameters named exactly as the headers. */
    private static final Set<Access> HEADER_NAMED_URL_CREDENTIALS =
            EnumSet.of(Access.ANALYTICS, Access.INSIGHTS, Access.ANSWERS);

    private final String applicationId;
    private final byte[] adminKey;
    private final ApiKeys keys;
    private final UserMappings mappings;
    private final Clock clock;
    private final RateLimiter rateLimiter;
    private final SecuredKeyCache securedKeys = new SecuredKeyCache();
    private final ProductCredentials products;
    private final KeyScrub scrub;
    private final EchoMask echoes;

    /**
     * @param applicationId the application ID callers must send
     * @param adminKey the admin API key
     * @param products the monitoring, usage and crawler credentials
     * @param keys the other API keys
     * @param mappings the multi-cluster user mapping
     * @param clock the clock of secured keys' validUntil and of rate-limit hours
     */
    public Authenticator(
            String applicationId,
            String adminKey,
            ProductCredentials products,
            ApiKeys keys,
            UserMappings mappings,
            Clock clock) {
        this.applicationId = applicationId;
        this.adminKey = adminKey.getBytes(StandardCharsets.UTF_8);
        this.products = products;
        this.keys = keys;
        this.mappings = mappings;
        this.clock = clock;
        this.rateLimiter = new RateLimiter(clock);
        this.scrub = new KeyScrub(adminKey, value -> keys.find(value) != null, KeyMask.HIDDEN);
        this.echoes = new EchoMask(adminKey, value -> keys.find(value) != null);
    }

    /** The admin key, the sent key and the application's keys, as the request log and the journal mask them. */
    @Override
    public String masked(String text, Request request) {
        return scrub.text(text, request == null ? null : KeyScrub.sentKey(request), false);
    }

    @Override
    public Request check(Request request, Route route) {
        String key = credential(request, route, API_KEY_HEADER, API_KEY_PARAM);
        switch (route.access()) {
            case CONTROL -> {
                if (!isAdminKey(key)) {
                    throw new ApiException(403, "The mock server's control endpoints require the admin API key");
                }
                return request.with(Caller.class, Caller.admin());
            }
            case PUBLIC -> {
                return request;
            }
            case MONITORING_KEY -> {
                return productKey(request, route, key, products.monitoringKey(), "monitoring");
            }
            case USAGE_KEY -> {
                return productKey(request, route, key, products.usageKey(), "usage");
            }
            case CRAWLER -> {
                return crawler(request);
            }
            default -> {
                try {
                    return checkApiKey(request, route, key);
                } catch (ApiException e) {
                    int denied = route.access().deniedStatus();
                    throw e.status() == 403 && denied != 403 ? new ApiException(denied, e.getMessage()) : e;
                }
            }
        }
    }

    private Request productKey(Request request, Route route, String key, String productKey, String product) {
        boolean valid = key != null
                && applicationId.equals(credential(request, route, APP_ID_HEADER, APP_ID_PARAM))
                && (isAdminKey(key) || constantTimeEquals(productKey, key));
        if (!valid) {
            throw new ApiException(403, "Invalid Application-ID or " + product + " API key");
        }
        return request.with(Caller.class, Caller.admin());
    }

    private Request crawler(Request request) {
        String authorization = request.header("Authorization");
        String expected = products.crawlerUserId() + ":" + products.crawlerApiKey();
        if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            throw crawlerUnauthorized("Authorization is missing: ");
        }
        String given;
        try {
            given = new String(
                    Base64.getDecoder().decode(authorization.substring(6).trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw crawlerUnauthorized("Authorization is invalid: ");
        }
        if (!constantTimeEquals(expected, given)) {
            throw crawlerUnauthorized("Authorization is invalid: ");
        }
        return request.with(Caller.class, Caller.admin());
    }

    /**
     * {@return a crawler call's 401, with the challenge every 401 carries (RFC 9110, section 11.6.1): without it, a
     * client that answers challenges (the JDK's {@code HttpClient} with an {@code Authenticator}) fails on the 401}
     */
    private static ApiException crawlerUnauthorized(String what) {
        return new ApiException(401, what + CRAWLER_HOW, Map.of("WWW-Authenticate", CRAWLER_CHALLENGE));
    }

    private static boolean constantTimeEquals(String expected, String given) {
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
    }

    private Request checkApiKey(Request request, Route route, String key) {
        if (key == null || !applicationId.equals(credential(request, route, APP_ID_HEADER, APP_ID_PARAM))) {
            throw new ApiException(403, INVALID);
        }
        Caller caller = resolve(key);
        if (caller == null) {
            throw new ApiException(403, INVALID);
        }
        if (!caller.isAdmin()) {
            checkRestrictions(caller, request);
        }
        authorize(caller, route, request);
        checkUser(route, request);
        countCall(caller, request);
        // an answer that echoes its request (a search's query and params) masks the keys it holds with it
        return request.with(Caller.class, caller).with(EchoMask.class, echoes);
    }

    private boolean isAdminKey(String key) {
        return key != null && MessageDigest.isEqual(adminKey, key.getBytes(StandardCharsets.UTF_8));
    }

    /** {@return the caller a key stands for, or {@code null} when it is no valid key} */
    private Caller resolve(String key) {
        if (isAdminKey(key)) {
            return Caller.admin();
        }
        ApiKey apiKey = keys.find(key);
        if (apiKey != null) {
            return Caller.withKey(apiKey);
        }
        SecuredKey.Decoded decoded = SecuredKey.decode(key);
        if (decoded == null) {
            return null;
        }
        SecuredKeyCache.Verdict verdict = verdict(key, decoded);
        if (verdict.signedByAdmin()) {
            throw new ApiException(403, "A secured API key cannot be generated from the admin API key");
        }
        ApiKey parent = verdict.parentValue() == null ? null : keys.find(verdict.parentValue());
        return parent == null ? null : Caller.withSecuredKey(SecuredKey.parse(parent, decoded.query()));
    }

    /** Which key signs a candidate: worked out once per candidate while the keys stay the same. */
    private SecuredKeyCache.Verdict verdict(String key, SecuredKey.Decoded decoded) {
        String digest = SecuredKeyCache.digest(key);
        long version = keys.changes();
        SecuredKeyCache.Verdict known = securedKeys.find(digest, version);
        if (known != null) {
            return known;
        }
        String parentValue = null;
        for (ApiKey parent : keys.all()) {
            if (SecuredKey.signedWith(decoded, parent.value())) {
                parentValue = parent.value();
                break;
            }
        }
        boolean admin =
                parentValue == null && SecuredKey.signedWith(decoded, new String(adminKey, StandardCharsets.UTF_8));
        SecuredKeyCache.Verdict verdict = new SecuredKeyCache.Verdict(version, parentValue, admin);
        securedKeys.remember(digest, verdict);
        return verdict;
    }

    private void checkRestrictions(Caller caller, Request request) {
        SecuredKey secured = caller.secured();
        if (secured != null) {
            if (secured.validUntil() != 0 && clock.millis() / 1000 >= secured.validUntil()) {
                throw new ApiException(403, "The validity of this secured API key has expired");
            }
            if (!secured.restrictSources().isEmpty()
                    && secured.restrictSources().stream()
                            .noneMatch(cidr -> Ipv4Network.parse(cidr).contains(request.remoteAddress()))) {
                throw new ApiException(403, "Source not allowed with this API key");
            }
            requireReferer(secured.referers(), request);
        }
        requireReferer(caller.key().referers(), request);
    }

    private static void requireReferer(List<String> referers, Request request) {
        if (referers.stream().allMatch(String::isBlank)) {
            return;
        }
        String referer = request.header("Referer");
        if (referer == null || !Patterns.anyMatches(referers, referer)) {
            throw new ApiException(403, "Referer not allowed with this API key");
        }
    }

    private static void authorize(Caller caller, Route route, Request request) {
        Access access = route.access();
        if ((access == Access.ADMIN || access == Access.USER_MAPPING || access == Access.SUGGESTIONS)
                && !caller.isAdmin()) {
            throw new ApiException(403, "Method not allowed with this API key: it requires the admin API key");
        }
        if (access.acl() != null) {
            caller.requireRight(access.acl());
        }
        // an index in the path is always checked: "*" there is no wildcard (multi-index routes spell it literally)
        String indexName = request.pathParams().get("indexName");
        if (indexName != null) {
            caller.requireIndex(indexName);
        }
    }

    private void checkUser(Route route, Request request) {
        String userID = request.header(USER_ID_HEADER);
        if (userID == null || !mappings.enabled() || route.access() == Access.USER_MAPPING) {
            return;
        }
        if (mappings.find(userID) == null) {
            throw new ApiException(400, "The user ID " + userID + " is not assigned to a cluster");
        }
    }

    /**
     * Counts the call against the rate limit of the key used, or, when the admin key proxies a call with
     * {@code X-Forwarded-API-Key}, of that key for the IP of {@code X-Forwarded-For}.
     */
    private void countCall(Caller caller, Request request) {
        Caller limited = caller;
        String ip = request.remoteAddress();
        if (caller.isAdmin()) {
            String forwardedKey = request.header("X-Forwarded-API-Key");
            limited = forwardedKey == null ? null : resolve(forwardedKey);
            if (limited == null || limited.isAdmin()) {
                return;
            }
            String forwardedFor = request.header("X-Forwarded-For");
            if (forwardedFor != null && !forwardedFor.isBlank()) {
                ip = forwardedFor.split(",")[0].trim();
            }
        }
        SecuredKey secured = limited.secured();
        String identity = secured != null && secured.userToken() != null ? "token:" + secured.userToken() : "ip:" + ip;
        rateLimiter.count(limited.key().value(), identity, limited.key().maxQueriesPerIPPerHour());
    }

    /** {@return the header's value, else the URL parameter the route's API names it by, else {@code null}} */
    private static String credential(Request request, Route route, String header, String lowercaseParam) {
        String value = request.header(header);
        if (value != null) {
            return value;
        }
        return request.query().get(HEADER_NAMED_URL_CREDENTIALS.contains(route.access()) ? header : lowercaseParam);
    }
}
