package io.quarry.querysuggestions;

import io.quarry.mockserver.MockServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/** Plain HTTP calls to the mock server's search API with its admin key, to seed records and record searches. */
final class RawHttp {

    private final MockServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    RawHttp(MockServer server) {
        this.server = server;
    }

    /** @return the response body; fails the test on a non-2xx */
    String send(String method, String path, String singleQuotedJson) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.url() + path))
                .header("X-Service-Application-Id", server.applicationId())
                .header("X-Service-API-Key", server.adminKey())
                .header("Content-Type", "application/json")
                .method(
                        method,
                        HttpRequest.BodyPublishers.ofString(
                                singleQuotedJson.replace('\'', '"'), StandardCharsets.UTF_8))
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                throw new AssertionError(method + " " + path + ": " + response.statusCode() + " " + response.body());
            }
            return response.body();
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    void search(String index, String query, int times) {
        for (int i = 0; i < times; i++) {
            send("POST", "/1/indexes/" + index + "/query", "{'query':'" + query + "'}");
        }
    }
}
