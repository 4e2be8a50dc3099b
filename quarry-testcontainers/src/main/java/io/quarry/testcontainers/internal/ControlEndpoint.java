package io.quarry.testcontainers.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Sends requests to the mock server's control endpoints ({@code /_mock/...}) with its admin key. A refusal is an
 * {@link IllegalStateException} naming the method, the path and the server's answer, which never holds the key.
 */
public final class ControlEndpoint {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    private final String baseUrl;
    private final String adminKey;

    /**
     * @param baseUrl the URL of the host the request goes through, such as {@code http://localhost:32768}
     * @param adminKey the server's admin key
     */
    public ControlEndpoint(String baseUrl, String adminKey) {
        this.baseUrl = baseUrl;
        this.adminKey = adminKey;
    }

    /**
     * Sends a request and checks it succeeded.
     *
     * @param method {@code POST} or {@code DELETE}
     * @param path the control endpoint's path, from {@code /_mock/}
     * @param json the body, or null for none
     */
    public void send(String method, String path, String json) {
        HttpResponse<String> response = exchange(method, path, json);
        if (response.statusCode() / 100 != 2) {
            throw refused(method, path, response);
        }
    }

    /**
     * {@return the answer's body of a {@code GET}, checked to have succeeded}
     *
     * @param path the control endpoint's path, from {@code /_mock/}
     */
    public String read(String path) {
        HttpResponse<String> response = exchange("GET", path, null);
        if (response.statusCode() / 100 != 2) {
            throw refused("GET", path, response);
        }
        return response.body();
    }

    /**
     * {@return whether the {@code DELETE} found what it removes: {@code false} for a 404}
     *
     * @param path the control endpoint's path, from {@code /_mock/}
     */
    public boolean delete(String path) {
        HttpResponse<String> response = exchange("DELETE", path, null);
        if (response.statusCode() == 404) {
            return false;
        }
        if (response.statusCode() / 100 != 2) {
            throw refused("DELETE", path, response);
        }
        return true;
    }

    private HttpResponse<String> exchange(String method, String path, String json) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(TIMEOUT)
                .header("X-Service-API-Key", adminKey)
                .header("Content-Type", "application/json")
                .method(
                        method,
                        json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json))
                .build();
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(method + " " + path + " was interrupted", e);
        }
    }

    private static IllegalStateException refused(String method, String path, HttpResponse<String> response) {
        return new IllegalStateException(
                method + " " + path + " answered " + response.statusCode() + ": " + response.body());
    }
}
