package io.quarry.mockserver.testing;

import io.quarry.mockserver.MockHost;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Whether a host of a server takes a connection now. */
public final class HostConnections {

    private HostConnections() {}

    /**
     * {@return whether the host accepted a connection and answered on it; {@code false} when the connection was
     * refused, or accepted by something else}
     *
     * <p>A port a host has just closed is free: another process may listen on it at once (a parallel build's tests
     * open and close ports all the time), and a connection to it may even meet itself (TCP's simultaneous open,
     * when the port is also picked as the connection's own). So a connection counts as the host's only when the
     * mock server answers on it.
     *
     * @param host a host of a server
     * @throws AssertionError when the attempt failed otherwise
     */
    public static boolean accepted(MockHost host) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host.uri().getHost(), host.port()), 2000);
            socket.setSoTimeout(10_000);
            socket.getOutputStream()
                    .write("GET /_mock/version HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
            BufferedReader answer =
                    new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
            String status = answer.readLine();
            if (status == null || !status.startsWith("HTTP/1.1 ")) {
                return false;
            }
            for (String line = answer.readLine(); line != null && !line.isEmpty(); line = answer.readLine()) {
                if (line.toLowerCase(Locale.ROOT).startsWith("x-mock-server-version:")) {
                    return true;
                }
            }
            return false;
        } catch (ConnectException refused) {
            return false;
        } catch (IOException e) {
            throw new AssertionError("neither refused nor answered", e);
        }
    }
}
