package io.quarry.mockserver.internal.startup;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLSocketFactory;

/**
 * The one request of a training run ({@code --training-run}): a JVM that records the classes a start loads, for a
 * class-data-sharing archive or an ahead-of-time cache, sends it to itself before it stops, so that the archive holds
 * what answering costs too. A plain socket, as a client in another process would send it: listing the indices with
 * the admin key.
 */
public final class TrainingRun {

    private TrainingRun() {}

    /**
     * Lists the indices of the server at that URL and checks the answer is a 200.
     *
     * @param url the server's URL, {@code http://host:port} or {@code https://host:port}
     * @param tls the socket factory trusting its certificate, {@code null} over HTTP
     * @param applicationId the application ID to send
     * @param adminKey the admin key to send
     * @throws IllegalStateException when the answer is not a 200
     * @throws UncheckedIOException when the request fails
     */
    public static void requestOnce(URI url, SSLSocketFactory tls, String applicationId, String adminKey) {
        String host = url.getHost().replace("[", "").replace("]", "");
        try (Socket socket = tls == null ? new Socket(host, url.getPort()) : tls.createSocket(host, url.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET /1/indexes HTTP/1.1\r\nHost: " + host + ":" + url.getPort() + "\r\n"
                            + "X-Service-Application-Id: " + applicationId + "\r\n"
                            + "X-Service-API-Key: " + adminKey + "\r\n"
                            + "Connection: close\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
            String status = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            if (status == null || !status.startsWith("HTTP/1.1 200")) {
                throw new IllegalStateException("the training request was answered " + status);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the training request failed", e);
        }
    }
}
