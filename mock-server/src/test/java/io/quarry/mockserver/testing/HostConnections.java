package io.quarry.mockserver.testing;

import io.quarry.mockserver.MockHost;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;

/** Whether a host of a server takes a connection now. */
public final class HostConnections {

    private HostConnections() {}

    /**
     * {@return whether a connection to the host was accepted; {@code false} when it was refused}
     *
     * @param host a host of a server
     * @throws AssertionError when the attempt neither connected nor was refused
     */
    public static boolean accepted(MockHost host) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host.uri().getHost(), host.port()), 2000);
            return true;
        } catch (ConnectException refused) {
            return false;
        } catch (IOException e) {
            throw new AssertionError("neither connected nor refused", e);
        }
    }
}
