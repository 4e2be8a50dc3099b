package io.quarry.mockserver.internal.products.crawler;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;

/**
 * Fetches one URL with the JDK's HTTP client, within bounds: loopback hosts and the configured ones only, a few
 * seconds per fetch, at most {@value #MAX_BYTES} bytes, no redirect followed (a redirect is reported, and the
 * crawl decides whether to follow its target like any other link).
 */
final class PageFetcher {

    /** The largest body read; a larger one fails the fetch. */
    static final int MAX_BYTES = 5 * 1024 * 1024;

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final Set<String> allowedHosts;
    /** Made on the first fetch: most servers never crawl, and each client holds a thread. */
    private volatile HttpClient client;

    /** @param allowedHosts hosts allowed besides loopback addresses, lower case */
    PageFetcher(Set<String> allowedHosts) {
        this.allowedHosts = allowedHosts;
    }

    /**
     * A fetched URL.
     *
     * @param status the HTTP status
     * @param contentType the media type, lower case without parameters, or empty
     * @param body the body (empty for a redirect)
     * @param location a redirect's target, or null
     */
    record Fetched(int status, String contentType, byte[] body, String location) {}

    /** Why a URL could not be fetched: a reason code and a readable text. */
    static final class FetchFailure extends Exception {
        private static final long serialVersionUID = 1L;
        private final String reason;

        FetchFailure(String reason, String message) {
            super(message);
            this.reason = reason;
        }

        /** {@return the reason code of the URL statistics} */
        String reason() {
            return reason;
        }
    }

    /**
     * {@return what the server answered}
     *
     * @param uri an absolute http or https URL
     * @throws FetchFailure when the host is not allowed, the network fails, it times out or the body is too large
     */
    Fetched fetch(URI uri) throws FetchFailure {
        if (!allowed(uri.getHost())) {
            throw new FetchFailure(
                    "host_not_allowed", "The mock server only fetches loopback and allowed hosts: " + uri.getHost());
        }
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(TIMEOUT)
                .header("User-Agent", "Quarry mock crawler")
                .GET()
                .build();
        try {
            HttpResponse<InputStream> response = client().send(request, HttpResponse.BodyHandlers.ofInputStream());
            String type = response.headers()
                    .firstValue("Content-Type")
                    .map(t -> t.split(";", 2)[0].trim().toLowerCase(Locale.ROOT))
                    .orElse("");
            int status = response.statusCode();
            try (InputStream body = response.body()) {
                if (status >= 300 && status < 400) {
                    return new Fetched(
                            status,
                            type,
                            new byte[0],
                            response.headers().firstValue("Location").orElse(null));
                }
                byte[] bytes = body.readNBytes(MAX_BYTES + 1);
                if (bytes.length > MAX_BYTES) {
                    throw new FetchFailure("too_large", "The page is larger than " + MAX_BYTES + " bytes");
                }
                return new Fetched(status, type, bytes, null);
            }
        } catch (HttpTimeoutException e) {
            throw new FetchFailure("timeout", "The fetch took longer than " + TIMEOUT.toSeconds() + " s");
        } catch (IOException e) {
            throw new FetchFailure(
                    "network_error", "The fetch failed: " + e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FetchFailure("cancelled", "The crawl was cancelled");
        }
    }

    private HttpClient client() {
        HttpClient current = client;
        if (current == null) {
            synchronized (this) {
                if (client == null) {
                    client = HttpClient.newBuilder()
                            .connectTimeout(Duration.ofSeconds(3))
                            .followRedirects(HttpClient.Redirect.NEVER)
                            .build();
                }
                current = client;
            }
        }
        return current;
    }

    private boolean allowed(String host) {
        if (host == null) {
            return false;
        }
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (allowedHosts.contains(bare.toLowerCase(Locale.ROOT))) {
            return true;
        }
        try {
            for (InetAddress address : InetAddress.getAllByName(bare)) {
                if (!address.isLoopbackAddress()) {
                    return false;
                }
            }
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
