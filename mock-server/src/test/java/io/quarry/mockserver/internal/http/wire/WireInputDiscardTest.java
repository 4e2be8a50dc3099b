package io.quarry.mockserver.internal.http.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestThreads;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a lingering close drops: read and forgotten through the connection's own buffer (no memory grows with the
 * bytes), and no more than its bound. Counts only this thread's allocations, so it watches nothing JVM-wide.
 */
@Timeout(60)
class WireInputDiscardTest {

    private static final int TEN_MEGABYTES = 10 * 1024 * 1024;

    /** The test's own threads for the client's writes, off the common pool. */
    @RegisterExtension
    final TestThreads senders = new TestThreads();

    @Test
    void droppingTenMegabytesAllocatesAlmostNothing() throws IOException {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        try (Pair warmUp = new Pair(64 * 1024, senders)) {
            // the socket's first reads load classes and caches: not what is measured
            assertThat(warmUp.input().discard(Long.MAX_VALUE, 30_000, 30_000)).isTrue();
        }
        try (Pair pair = new Pair(TEN_MEGABYTES, senders)) {
            WireInput input = pair.input();
            long before = threads.getThreadAllocatedBytes(thread);
            boolean ended = input.discard(2L * TEN_MEGABYTES, 30_000, 30_000);
            long allocated = threads.getThreadAllocatedBytes(thread) - before;
            assertThat(ended).as("the client's close ends the dropping").isTrue();
            // a buffer of the body would be 10 MB; what is left is the reads' own small objects
            assertThat(allocated).isLessThan(1024 * 1024);
        }
    }

    @Test
    void droppingStopsAtItsBoundCountingWhatWasBuffered() throws IOException {
        try (Pair pair = new Pair(TEN_MEGABYTES, senders)) {
            WireInput input = pair.input();
            assertThat(input.read()).isEqualTo('a');
            assertThat(input.discard(1024 * 1024, 30_000, 30_000))
                    .as("cut at the bound, before the end")
                    .isFalse();
            InputStream rest = pair.server().getInputStream();
            long left = 0;
            for (int n = rest.read(new byte[65536]); n >= 0; n = rest.read(new byte[65536])) {
                left += n;
            }
            assertThat(left).isEqualTo(TEN_MEGABYTES - 1 - 1024 * 1024);
        }
    }

    /** A loopback connection whose client sends {@code size} bytes of {@code 'a'} and closes. */
    private static final class Pair implements AutoCloseable {

        private final ServerSocket listening;
        private final Socket client;
        private final Socket server;
        private final CompletableFuture<Void> sending;

        Pair(int size, Executor sender) throws IOException {
            listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            client = new Socket(InetAddress.getLoopbackAddress(), listening.getLocalPort());
            server = listening.accept();
            sending = CompletableFuture.runAsync(
                    () -> {
                        byte[] piece = new byte[65536];
                        java.util.Arrays.fill(piece, (byte) 'a');
                        try (OutputStream out = client.getOutputStream()) {
                            for (int sent = 0; sent < size; sent += piece.length) {
                                out.write(piece, 0, Math.min(piece.length, size - sent));
                            }
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    },
                    sender);
        }

        Socket server() {
            return server;
        }

        WireInput input() throws IOException {
            WireInput input = new WireInput(server);
            input.deadlineIn(30_000);
            return input;
        }

        @Override
        public void close() throws IOException {
            sending.join();
            client.close();
            server.close();
            listening.close();
        }
    }
}
