package io.quarry.benchmarks.engine;

import io.quarry.mockserver.MockServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Embedded start: {@code MockServer.builder().start()} until its first answer ({@code GET /1/indexes} over a
 * plain socket, so that no client library is timed). Goal: under 0.5 s. The defaults measure a cold start
 * (one measurement per fresh JVM, class loading included); {@code -wi 5 -i 10 -f 1} measures a warm one.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(10)
@State(Scope.Thread)
public class EngineStartBenchmark {

    private MockServer server;

    /**
     * Starts a server and waits for its first answer.
     *
     * @return the answer's status code
     * @throws IOException if the request fails
     */
    @Benchmark
    public int startToFirstAnswer() throws IOException {
        server = MockServer.builder().start();
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            out.write(("GET /1/indexes HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\n"
                            + "X-Service-Application-Id: " + server.applicationId() + "\r\n"
                            + "X-Service-API-Key: " + server.adminKey() + "\r\n"
                            + "Connection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String statusLine = new BufferedReader(
                            new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
            int status = Integer.parseInt(statusLine.split(" ")[1]);
            if (status != 200) {
                throw new IOException("unexpected answer: " + statusLine);
            }
            return status;
        }
    }

    /** Stops the server (not timed). */
    @TearDown(Level.Invocation)
    public void stop() {
        server.close();
    }
}
