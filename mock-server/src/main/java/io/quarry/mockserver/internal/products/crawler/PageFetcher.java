package io.quarry.mockserver.internal.products.crawler;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fetches one URL with the JDK's HTTP client, within bounds: loopback hosts and the configured ones only, 5 s per
 * fetch from the request to the body's last byte, at most {@value #MAX_BYTES} bytes (a body announced longer is not
 * read at all), no redirect followed (a redirect is reported, and the
 * crawl decides whether to follow its target like any other link). A fetch that fails tells how many bytes of the
 * body it read first, so that what a slow body fed before its deadline counts where bytes are budgeted.
 */
final class PageFetcher {

    /** The largest body read; a larger one fails the fetch. */
    static final int MAX_BYTES = 5 * 1024 * 1024;

    /** How long a fetch may take, from the request to the body's last byte. */
    static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final Set<String> allowedHosts;
    private final Duration timeout;
    /** Made on the first fetch: most servers never crawl, and each client holds a thread. */
    private volatile HttpClient client;

    /** @param allowedHosts hosts allowed besides loopback addresses, lower case */
    PageFetcher(Set<String> allowedHosts) {
        this(allowedHosts, TIMEOUT);
    }

    /**
     * @param allowedHosts hosts allowed besides loopback addresses, lower case
     * @param timeout how long a fetch may take, from the request to the body's last byte
     */
    PageFetcher(Set<String> allowedHosts, Duration timeout) {
        this.allowedHosts = allowedHosts;
        this.timeout = timeout;
    }

    /**
     * A fetched URL.
     *
     * @param status the HTTP status
     * @param contentType the media type, lower case without parameters, or empty
     * @param charset the {@code charset} parameter of the content type when the JDK supports it, else null
     * @param body the body (empty for a redirect)
     * @param location a redirect's target, or null
     */
    record Fetched(int status, String contentType, String charset, byte[] body, String location) {}

    /** Why a URL could not be fetched: a reason code and a readable text, and how much of the body was read. */
    static final class FetchFailure extends Exception {
        private static final long serialVersionUID = 1L;
        private final String reason;
        private final long bytesRead;

        FetchFailure(String reason, String message) {
            this(reason, message, 0);
        }

        FetchFailure(String reason, String message, long bytesRead) {
            super(message);
            this.reason = reason;
            this.bytesRead = bytesRead;
        }

        /** {@return the reason code of the URL statistics} */
        String reason() {
            return reason;
        }

        /** {@return the bytes of the body read before the fetch failed (a slow body's, up to its deadline)} */
        long bytesRead() {
            return bytesRead;
        }
    }

    /**
     * {@return what the server answered}
     *
     * @param uri an absolute http or https URL
     * @throws FetchFailure when the host is not allowed, the network fails, it times out or the body is too large
     */
    Fetched fetch(URI uri) throws FetchFailure {
        String host = HttpUrls.host(uri);
        if (!allowed(host)) {
            throw new FetchFailure(
                    "host_not_allowed", "The mock server only fetches loopback and allowed hosts: " + host);
        }
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(uri)
                    .timeout(timeout)
                    .header("User-Agent", "Quarry mock crawler")
                    .GET()
                    .build();
        } catch (IllegalArgumentException e) {
            // the JDK's client takes only hosts java.net.URI reads as such: not my_host.example
            throw new FetchFailure(
                    "network_error", "The mock server's HTTP client cannot fetch a host written as " + host);
        }
        // one deadline for the whole fetch: the request's own timeout ends with the head, not the body
        AtomicLong read = new AtomicLong();
        CompletableFuture<HttpResponse<byte[]>> exchange = client().sendAsync(request, info -> bodyOf(info, read));
        try {
            HttpResponse<byte[]> response = exchange.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            String contentType = response.headers().firstValue("Content-Type").orElse("");
            String type = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
            int status = response.statusCode();
            if (status >= 300 && status < 400) {
                return new Fetched(
                        status,
                        type,
                        null,
                        new byte[0],
                        response.headers().firstValue("Location").orElse(null));
            }
            return new Fetched(status, type, charsetOf(contentType), response.body(), null);
        } catch (TimeoutException e) {
            exchange.cancel(true);
            throw timedOut(read.get());
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof BoundedBody.TooLarge) {
                throw new FetchFailure("too_large", cause.getMessage(), read.get());
            }
            if (cause instanceof HttpTimeoutException) {
                throw timedOut(read.get());
            }
            throw new FetchFailure(
                    "network_error", "The fetch failed: " + cause.getClass().getSimpleName(), read.get());
        } catch (InterruptedException e) {
            exchange.cancel(true);
            Thread.currentThread().interrupt();
            throw new FetchFailure("cancelled", "The crawl was cancelled", read.get());
        }
    }

    /**
     * {@return the charset a {@code Content-Type} value names, when the JDK supports it, else null}
     *
     * @param contentType the header's value, or empty
     */
    static String charsetOf(String contentType) {
        String[] parts = contentType.split(";");
        for (int i = 1; i < parts.length; i++) {
            String[] parameter = parts[i].split("=", 2);
            if (parameter.length == 2 && parameter[0].trim().equalsIgnoreCase("charset")) {
                String name = parameter[1].trim().replace("\"", "");
                try {
                    return Charset.isSupported(name) ? name : null;
                } catch (IllegalCharsetNameException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /**
     * A redirect's body is not read; any other is read up to {@value #MAX_BYTES} bytes, and one announced longer is
     * refused at the head.
     */
    private static HttpResponse.BodySubscriber<byte[]> bodyOf(HttpResponse.ResponseInfo info, AtomicLong read) {
        return info.statusCode() >= 300 && info.statusCode() < 400
                ? HttpResponse.BodySubscribers.replacing(new byte[0])
                : new BoundedBody(MAX_BYTES, announcedLength(info), read);
    }

    /** {@return the body's length the response announces, or -1 when it announces none the JDK reads} */
    private static long announcedLength(HttpResponse.ResponseInfo info) {
        try {
            return info.headers().firstValueAsLong("Content-Length").orElse(-1);
        } catch (NumberFormatException e) {
            return -1; // the client reads such a body as it comes, so the bound applies as it is read
        }
    }

    private FetchFailure timedOut(long bytesRead) {
        return new FetchFailure("timeout", "The fetch took longer than " + timeout.toMillis() + " ms", bytesRead);
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
