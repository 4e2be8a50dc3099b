package io.quarry.testsupport;

import io.quarry.mockserver.MockServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Plain HTTP calls to a mock server with its admin credentials, for what a module's tests need but the module does
 * not do (records, searches, reads of another API), without depending on another client module.
 */
public final class MockServerCalls {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private final MockServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    /**
     * Calls the given server.
     *
     * @param server the running mock server
     */
    public MockServerCalls(MockServer server) {
        this.server = server;
    }

    /**
     * Sends a request and expects a 200.
     *
     * @param method the HTTP method
     * @param path the path and query
     * @param singleQuotedJson the body with single quotes standing for double quotes, or {@code null}
     * @return the answer's JSON
     * @throws AssertionError when the answer is not a 200
     */
    public JsonNode send(String method, String path, String singleQuotedJson) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.url() + path))
                .header("X-Service-Application-Id", server.applicationId())
                .header("X-Service-API-Key", server.adminKey())
                .method(
                        method,
                        singleQuotedJson == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(
                                        singleQuotedJson.replace('\'', '"'), StandardCharsets.UTF_8));
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError(
                        method + " " + path + " answered " + response.statusCode() + " " + response.body());
            }
            return MAPPER.readTree(response.body());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
