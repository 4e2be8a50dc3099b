package io.quarry.insights;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.JsonText;
import io.quarry.core.internal.base.RecordSettings;
import io.quarry.mockserver.MockServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Calls to a mock server that go around the client: any status comes back, and a value is sent as the client would
 * send it, so the server can judge what the client's own checks would have stopped.
 */
final class RawCalls {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final JsonMapper NAN_AS_TEXT =
            RecordSettings.applyTo(JsonMapper.builder()).build();

    private final MockServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    /** @param server the running mock server, called with its admin key */
    RawCalls(MockServer server) {
        this.server = server;
    }

    /**
     * An answer.
     *
     * @param status the HTTP status
     * @param body the JSON body
     */
    record Answer(int status, JsonNode body) {

        /** {@return the body's {@code message}, or null} */
        String message() {
            JsonNode message = body.get("message");
            return message == null ? null : message.asString();
        }
    }

    /**
     * {@return the answer}
     *
     * @param method the HTTP method
     * @param path the path and query, encoded
     * @param value the body, written as the SDK writes JSON; null for none
     */
    Answer send(String method, String path, Object value) {
        HttpRequest.BodyPublisher body = value == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(escapeLoneSurrogates(json(value)), StandardCharsets.UTF_8);
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.url() + path))
                .header("X-Service-Application-Id", server.applicationId())
                .header("X-Service-API-Key", server.adminKey())
                .method(method, body)
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), MAPPER.readTree(response.body()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * The value as the SDK writes it; one holding a NaN or an infinity, which the SDK refuses to write, as Jackson
     * writes it by default (the string {@code "NaN"}), so the server still judges what a client without the check
     * would send.
     */
    private static String json(Object value) {
        try {
            return JsonText.write(value);
        } catch (InvalidRequestException e) {
            if (!e.getMessage().contains("not a finite number")) {
                throw e;
            }
            return NAN_AS_TEXT.writeValueAsString(value);
        }
    }

    /**
     * JSON text with each surrogate out of its pair as a {@code \\u} escape, as the SDK's request bodies carry it:
     * the text itself keeps the lone surrogate, which has no UTF-8 form.
     */
    private static String escapeLoneSurrogates(String json) {
        StringBuilder out = new StringBuilder(json.length());
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            boolean paired = Character.isHighSurrogate(c)
                    && i + 1 < json.length()
                    && Character.isLowSurrogate(json.charAt(i + 1));
            if (paired) {
                out.append(c).append(json.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
