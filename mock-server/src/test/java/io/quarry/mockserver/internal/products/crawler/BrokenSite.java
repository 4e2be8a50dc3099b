package io.quarry.mockserver.internal.products.crawler;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A site whose every answer breaks off amid its body: a chunk of the given size, then the connection closed without
 * the chunk that ends a body. Answers one connection at a time, as a crawl fetches.
 */
final class BrokenSite implements AutoCloseable {

    private final ServerSocket socket;
    private final Thread acceptor;

    /** @param bodyBytes the bytes of each body sent before the connection breaks */
    BrokenSite(int bodyBytes) throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(() -> serve(bodyBytes), "broken-site");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** {@return the URL of that path on the site} */
    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + path);
    }

    private void serve(int bodyBytes) {
        while (true) {
            Socket connection;
            try {
                connection = socket.accept();
            } catch (IOException closed) {
                return; // the site was closed
            }
            try (connection) {
                readHead(connection.getInputStream());
                OutputStream out = connection.getOutputStream();
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/xml\r\nTransfer-Encoding: chunked\r\n\r\n"
                                + Integer.toHexString(bodyBytes) + "\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.write(new byte[bodyBytes]);
                out.flush();
            } catch (IOException gone) {
                // the fetcher left this connection first: the next one is served all the same
            }
        }
    }

    /** Reads a request's head, up to its empty line. */
    private static void readHead(InputStream in) throws IOException {
        byte[] end = {'\r', '\n', '\r', '\n'};
        int matched = 0;
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                return;
            }
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
