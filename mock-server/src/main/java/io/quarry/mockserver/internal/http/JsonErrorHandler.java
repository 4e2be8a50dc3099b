package io.quarry.mockserver.internal.http;

import io.quarry.mockserver.internal.json.Json;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Answers what Jetty refuses before the front sees it (a malformed request line, headers over the limit, a bad
 * chunk size) with the same JSON error body as every other failure, and closes the connection.
 */
final class JsonErrorHandler extends ErrorHandler {

    private final String version;

    JsonErrorHandler(String version) {
        this.version = version;
    }

    @Override
    protected void generateResponse(
            Request request, Response response, int code, String message, Throwable cause, Callback callback) {
        String text = message == null || message.isBlank() ? "Bad request" : Sanitize.shortText(message);
        byte[] body = Json.bytes(
                io.quarry.mockserver.internal.http.Response.error(code, text).body());
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=UTF-8");
        response.getHeaders().put(HttpFront.VERSION_HEADER, version);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, Long.toString(body.length));
        // Jetty closes the connection after refusing a request: say so, or a client may reuse it and get nothing
        response.getHeaders().put(HttpHeader.CONNECTION, "close");
        response.write(true, ByteBuffer.wrap(body), callback);
    }
}
