package io.quarry.mockserver.internal.auth;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Guard;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Route;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Checks credentials once per request, before any handler. The service's API takes the application ID and an
 * API key from the {@code X-Service-Application-Id} / {@code X-Service-API-Key} headers or from the
 * {@code x-service-application-id} / {@code x-service-api-key} URL parameters; for now only the admin key is a
 * valid key. The control endpoints take the admin key alone.
 */
public final class Authenticator implements Guard {

    private static final String APP_ID_HEADER = "X-Service-Application-Id";
    private static final String API_KEY_HEADER = "X-Service-API-Key";
    private static final String APP_ID_PARAM = "x-service-application-id";
    private static final String API_KEY_PARAM = "x-service-api-key";

    private final String applicationId;
    private final byte[] adminKey;

    /**
     * @param applicationId the application ID callers must send
     * @param adminKey the admin API key
     */
    public Authenticator(String applicationId, String adminKey) {
        this.applicationId = applicationId;
        this.adminKey = adminKey.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void check(Request request, Route route) {
        String key = credential(request, API_KEY_HEADER, API_KEY_PARAM);
        boolean keyValid = key != null
                && MessageDigest.isEqual(adminKey, key.getBytes(StandardCharsets.UTF_8));
        switch (route.access()) {
            case CONTROL -> {
                if (!keyValid) {
                    throw new ApiException(403, "The mock server's control endpoints require the admin API key");
                }
            }
            case API -> {
                String appId = credential(request, APP_ID_HEADER, APP_ID_PARAM);
                if (!keyValid || !applicationId.equals(appId)) {
                    throw new ApiException(403, "Invalid Application-ID or API key");
                }
            }
            default -> throw new IllegalStateException("unknown access " + route.access());
        }
    }

    private static String credential(Request request, String header, String param) {
        String value = request.header(header);
        return value != null ? value : request.query().get(param);
    }
}
