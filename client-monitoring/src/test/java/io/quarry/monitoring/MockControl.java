package io.quarry.monitoring;

import io.quarry.mockserver.MockServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** Calls the mock server's own monitoring controls (admin key), which no client covers. */
final class MockControl {

    private MockControl() {}

    static void post(MockServer server, String path, String json) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.url() + path))
                .header("X-Service-API-Key", server.adminKey())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build();
        try {
            HttpResponse<String> response =
                    HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException(path + " answered " + response.statusCode() + ": " + response.body());
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
