package io.quarry.mockserver.testing;

import java.io.BufferedInputStream;
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
    /** The socket's input, read through a buffer: an answer's head is read a byte at a time. */
    private final InputStream in;

    /**
     * @param host the host
     * @param port the port
     */
    public RawConnection(String host, int port) {
        this(plain(host, port));
    }

    /**
     * A connection over a socket already connected, such as a TLS socket.
     *
     * @param socket the socket; closed with this
     */
    public RawConnection(Socket socket) {
        this.socket = socket;
        try {
            this.in = new BufferedInputStream(socket.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        readTimeout(5000);
    }

    private static Socket plain(String host, int port) {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), 2000);
            return socket;
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
            int b;
            while (!out.toString(StandardCharsets.ISO_8859_1).endsWith(end) && (b = in.read()) >= 0) {
                out.write(b);
            }
        } catch (IOException e) {
            // timed out or reset: return what arrived
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    /**
     * Reads one answer: its status line and headers, then as many body bytes as its {@code Content-Length} says
     * (none for a {@code HEAD}, a 1xx, a 204 or a 304).
     *
     * @param toHead whether it answers a {@code HEAD}
     * @return the answer
     * @throws AssertionError when the connection ends or stalls before a whole answer
     */
    public WireAnswer readAnswer(boolean toHead) {
        try {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int matched = 0;
            while (matched < 4) {
                int b = in.read();
                if (b < 0) {
                    throw new AssertionError("the connection ended within an answer: " + head);
                }
                head.write(b);
                matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
            }
            WireAnswer answer = WireAnswer.ofHead(head.toString(StandardCharsets.ISO_8859_1));
            String length = answer.header("Content-Length");
            if (toHead || answer.status() < 200 || answer.status() == 204 || answer.status() == 304 || length == null) {
                return answer;
            }
            byte[] body = in.readNBytes(Integer.parseInt(length));
            return answer.withBody(new String(body, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError("no whole answer: " + e, e);
        }
    }

    /**
     * {@return whether the server has closed the connection: the next read ends the stream, or fails with an
     *     error other than a timeout (the socket's read timeout bounds the wait)}
     */
    public boolean closedByServer() {
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
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
