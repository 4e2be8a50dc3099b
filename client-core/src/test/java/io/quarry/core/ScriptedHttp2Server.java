package io.quarry.core;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP/2 server on 127.0.0.1 speaking cleartext HTTP/2 with prior knowledge (the client sends the connection
 * preface at once), written frame by frame so that a test can script what no library server does on demand: a
 * stream refused, a GOAWAY crossing a request, a connection closed after a request was read. Each request (a stream
 * ended by the client) takes the next {@link Reply} of the script, then {@link Reply#ANSWER} once it is used up. An
 * applied request is answered {@code {"objectID":"<n>"}}, n counting the requests applied.
 */
final class ScriptedHttp2Server implements AutoCloseable {

    /** What the server does with a request. */
    enum Reply {
        /** Applies it and answers 200. */
        ANSWER,
        /** Answers 503 without applying it. */
        ANSWER_503,
        /** Resets its stream with REFUSED_STREAM: not processed (RFC 9113, 8.7). */
        REFUSE,
        /**
         * Sends a GOAWAY naming the previous stream as the last processed, as a server closing the connection while
         * the request was on its way does; the request and any later one on the connection are left unprocessed.
         */
        GO_AWAY_BEFORE_IT,
        /** Applies and answers it, then sends a GOAWAY naming it the last: the connection closed while idle. */
        ANSWER_THEN_GO_AWAY,
        /** Applies it and closes the connection without answering. */
        APPLY_THEN_CLOSE,
        /** Never answers it (the connection stays open). */
        HOLD
    }

    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final int DATA = 0;
    private static final int HEADERS = 1;
    private static final int RST_STREAM = 3;
    private static final int SETTINGS = 4;
    private static final int PING = 6;
    private static final int GOAWAY = 7;
    private static final int END_STREAM = 0x1;
    private static final int ACK = 0x1;
    private static final int END_HEADERS = 0x4;
    private static final int REFUSED_STREAM = 7;

    private final ServerSocket server;
    private final Queue<Reply> script;
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger applied = new AtomicInteger();
    private final AtomicInteger connections = new AtomicInteger();
    private final Semaphore goAways = new Semaphore(0);
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();

    ScriptedHttp2Server(Reply... script) throws IOException {
        this.script = new ConcurrentLinkedQueue<>(List.of(script));
        this.server = new ServerSocket(0, 50, InetAddress.getByAddress(new byte[] {127, 0, 0, 1}));
        Thread acceptor = new Thread(this::acceptLoop, "h2-script-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return server.getLocalPort();
    }

    /** {@return the requests the server received whole, processed or not} */
    int requests() {
        return requests.get();
    }

    /** {@return the requests the server applied} */
    int applied() {
        return applied.get();
    }

    /** {@return the connections the server accepted} */
    int connections() {
        return connections.get();
    }

    /** Waits until the server has sent a GOAWAY. */
    void awaitGoAway() throws InterruptedException {
        if (!goAways.tryAcquire(10, TimeUnit.SECONDS)) {
            throw new AssertionError("waited 10 s for the server to send a GOAWAY");
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : open) {
            socket.close();
        }
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                connections.incrementAndGet();
                open.add(socket);
                Thread connection = new Thread(() -> serve(socket), "h2-script-connection");
                connection.setDaemon(true);
                connection.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            OutputStream out = new BufferedOutputStream(socket.getOutputStream());
            if (!Arrays.equals(in.readNBytes(PREFACE.length), PREFACE)) {
                return;
            }
            frame(out, SETTINGS, 0, 0, new byte[0]);
            out.flush();
            int lastProcessed = 0;
            boolean goingAway = false;
            while (true) {
                int length = (in.readUnsignedByte() << 16) | (in.readUnsignedByte() << 8) | in.readUnsignedByte();
                int type = in.readUnsignedByte();
                int flags = in.readUnsignedByte();
                int stream = in.readInt() & 0x7fffffff;
                byte[] payload = in.readNBytes(length);
                if (payload.length < length) {
                    return;
                }
                if (type == SETTINGS && (flags & ACK) == 0) {
                    frame(out, SETTINGS, ACK, 0, new byte[0]);
                } else if (type == PING && (flags & ACK) == 0) {
                    frame(out, PING, ACK, 0, payload);
                } else if ((type == HEADERS || type == DATA) && (flags & END_STREAM) != 0) {
                    requests.incrementAndGet();
                    if (goingAway) {
                        continue; // past the GOAWAY's last stream: ignored, as RFC 9113 (6.8) has it
                    }
                    Reply reply = script.poll();
                    switch (reply == null ? Reply.ANSWER : reply) {
                        case ANSWER -> {
                            answer(out, stream, 200, "{\"objectID\":\"" + applied.incrementAndGet() + "\"}");
                            lastProcessed = stream;
                        }
                        case ANSWER_503 -> {
                            answer(out, stream, 503, "{\"message\":\"unavailable\"}");
                            lastProcessed = stream;
                        }
                        case REFUSE -> frame(out, RST_STREAM, 0, stream, int32(REFUSED_STREAM));
                        case GO_AWAY_BEFORE_IT -> {
                            goAway(out, lastProcessed);
                            goingAway = true;
                        }
                        case ANSWER_THEN_GO_AWAY -> {
                            answer(out, stream, 200, "{\"objectID\":\"" + applied.incrementAndGet() + "\"}");
                            goAway(out, stream);
                            goingAway = true;
                        }
                        case APPLY_THEN_CLOSE -> {
                            applied.incrementAndGet();
                            return;
                        }
                        case HOLD -> lastProcessed = stream;
                    }
                }
                out.flush();
            }
        } catch (IOException e) {
            // the client closed the connection
        } finally {
            open.remove(socket);
        }
    }

    private void goAway(OutputStream out, int lastStream) throws IOException {
        byte[] payload = new byte[8];
        System.arraycopy(int32(lastStream), 0, payload, 0, 4); // then NO_ERROR
        frame(out, GOAWAY, 0, 0, payload);
        out.flush();
        goAways.release();
    }

    /** An answer's HEADERS (HPACK: {@code :status} and {@code content-type} from the static table) and DATA. */
    private static void answer(OutputStream out, int stream, int status, String json) throws IOException {
        byte[] statusField = status == 200
                ? new byte[] {(byte) 0x88} // indexed: ":status: 200"
                : concat(new byte[] {0x08, 0x03}, String.valueOf(status).getBytes(StandardCharsets.US_ASCII));
        byte[] contentType = concat(
                new byte[] {0x0f, 0x10, 16}, "application/json".getBytes(StandardCharsets.US_ASCII)); // name index 31
        frame(out, HEADERS, END_HEADERS, stream, concat(statusField, contentType));
        frame(out, DATA, END_STREAM, stream, json.getBytes(StandardCharsets.UTF_8));
    }

    private static void frame(OutputStream out, int type, int flags, int stream, byte[] payload) throws IOException {
        out.write(payload.length >>> 16);
        out.write(payload.length >>> 8);
        out.write(payload.length);
        out.write(type);
        out.write(flags);
        out.write(int32(stream));
        out.write(payload);
    }

    private static byte[] int32(int value) {
        return new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
