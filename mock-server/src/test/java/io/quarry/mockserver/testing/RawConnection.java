package io.quarry.mockserver.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** A plain socket to the server, for requests no HTTP client would send. */
public final class RawConnection implements AutoCloseable {

    private final Socket socket;

    /**
     * @param host the host
     * @param port the port
     */
    public RawConnection(String host, int port) {
        try {
            socket = new Socket();
            socket.connect(new InetSocketAddress(host, port), 2000);
            socket.setSoTimeout(5000);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @param bytes bytes to send as they are @return this */
    public RawConnection send(byte[] bytes) {
        try {
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @param text ISO-8859-1 text to send @return this */
    public RawConnection send(String text) {
        return send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /**
     * Reads until the server closes the connection or stops sending for the socket timeout.
     *
     * @return what arrived, as ISO-8859-1 text
     */
    public String readAvailable() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
            }
        } catch (SocketTimeoutException e) {
            // the server sent all it had
        } catch (IOException e) {
            // reset: return what arrived
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    /**
     * Reads until what arrived ends with {@code end}, the server closes the connection, or it stops sending for the
     * socket timeout.
     *
     * @param end the text that ends what is awaited
     * @return what arrived, as ISO-8859-1 text
     */
    public String readUntil(String end) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            InputStream in = socket.getInputStream();
            int b;
            while (!out.toString(StandardCharsets.ISO_8859_1).endsWith(end) && (b = in.read()) >= 0) {
                out.write(b);
            }
        } catch (IOException e) {
            // timed out or reset: return what arrived
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    /** Half-closes the connection: the server sees the end of the request's bytes. @return this */
    public RawConnection shutdownOutput() {
        try {
            socket.shutdownOutput();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @param millis the read timeout @return this */
    public RawConnection readTimeout(int millis) {
        try {
            socket.setSoTimeout(millis);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing
        }
    }
}
