package io.quarry.benchmarks.raw;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * Plain sockets with TCP_NODELAY on. OkHttp leaves Nagle's algorithm on; a large request body then waits for
 * the server's delayed ACK, so a baseline without this would be unfairly slow.
 */
final class NoDelaySockets extends SocketFactory {

    private final SocketFactory plain = SocketFactory.getDefault();

    @Override
    public Socket createSocket() throws IOException {
        return noDelay(plain.createSocket());
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return noDelay(plain.createSocket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return noDelay(plain.createSocket(host, port, localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return noDelay(plain.createSocket(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return noDelay(plain.createSocket(address, port, localAddress, localPort));
    }

    private static Socket noDelay(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        return socket;
    }
}
