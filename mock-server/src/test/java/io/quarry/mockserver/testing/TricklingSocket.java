package io.quarry.mockserver.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A client that, once told to {@link #trickle()}, sends what it is given one byte at a time at a fixed pace: a slow
 * client. A TLS socket layered over it trickles its records, so the server sees a TLS record (a ClientHello, a
 * request) arrive a byte at a time.
 */
public final class TricklingSocket extends Socket {

    private final ScheduledExecutorService pace = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "trickling-client");
        thread.setDaemon(true);
        return thread;
    });
    private final Queue<Byte> pending = new ConcurrentLinkedQueue<>();
    private volatile boolean trickling;

    /**
     * @param host the host
     * @param port the port
     * @param everyMillis the pace: one byte each time
     */
    public TricklingSocket(String host, int port, long everyMillis) {
        try {
            connect(new InetSocketAddress(host, port), 2000);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        pace.scheduleAtFixedRate(this::sendOne, everyMillis, everyMillis, TimeUnit.MILLISECONDS);
    }

    /** From now on, what is written leaves one byte at a time. */
    public void trickle() {
        trickling = true;
    }

    /** {@return whether bytes written are still waiting for their turn} */
    public boolean hasPending() {
        return !pending.isEmpty();
    }

    private void sendOne() {
        Byte next = pending.peek();
        if (next == null) {
            return;
        }
        try {
            OutputStream out = super.getOutputStream();
            out.write(next);
            out.flush();
            pending.poll();
        } catch (IOException e) {
            // the server closed the connection: what is left stays pending
            pace.shutdown();
        }
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        OutputStream out = super.getOutputStream();
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                if (!trickling) {
                    out.write(bytes, offset, length);
                    return;
                }
                for (int i = offset; i < offset + length; i++) {
                    pending.add(bytes[i]);
                }
            }

            @Override
            public void flush() throws IOException {
                if (!trickling) {
                    out.flush();
                }
            }
        };
    }

    @Override
    public synchronized void close() throws IOException {
        pace.shutdownNow();
        super.close();
    }
}
