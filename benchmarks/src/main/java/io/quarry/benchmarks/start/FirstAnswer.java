package io.quarry.benchmarks.start;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLSocketFactory;

/**
 * The first request every contender answers, made the same way by every child (and by the driver for the
 * standalone jar): {@code GET /1/indexes} over a plain socket (TLS when a socket factory is given), with the mock
 * server's default credentials, reading the status line. It uses the JDK only, so the client side loads the same
 * classes whichever server answers.
 *
 * <p>A child prints {@value #ANSWERED} on a line of its own as soon as the answer is in, then waits for its standard
 * input to end (the driver reads the process's CPU time meanwhile), then prints {@value #RESULT_PREFIX} followed by
 * {@code jvmToMain jvmToAnswer}, in milliseconds from JVM start (when the JVM began to be created).
 */
final class FirstAnswer {

    /** Printed as soon as the first answer is in. */
    static final String ANSWERED = "start-answered";
    /** The line prefix of a child's own timings. */
    static final String RESULT_PREFIX = "start-result ";
    /** The path asked for: listing indexes. */
    static final String PATH = "/1/indexes";
    /** The application ID sent (the mock server's default). */
    static final String APP_ID = "QUARRYMOCK";
    /** The API key sent (the mock server's default, public admin key). */
    static final String API_KEY = "mock-admin-key";

    private FirstAnswer() {}

    /**
     * Makes the request and checks that it was answered 200.
     *
     * @param port the server's port on the loopback address
     * @param tls the TLS socket factory, or {@code null} for plain HTTP
     * @throws IOException if the request fails or is answered otherwise
     */
    static void get(int port, SSLSocketFactory tls) throws IOException {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (Socket socket = tls == null ? new Socket(loopback, port) : tls.createSocket(loopback, port)) {
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + PATH + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n"
                            + "X-Service-Application-Id: " + APP_ID + "\r\n"
                            + "X-Service-API-Key: " + API_KEY + "\r\n"
                            + "Connection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String status = new BufferedReader(
                            new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
            if (status == null || !status.startsWith("HTTP/1.1 200")) {
                throw new IOException("unexpected answer: " + status);
            }
        }
    }

    /**
     * Prints {@value #ANSWERED}, waits for the driver, then prints the child's own timings. The JVM's start time is
     * read only now: the management classes it needs load after the measured work.
     *
     * @param mainAtMillis wall-clock time at the start of {@code main}
     * @param answeredAtMillis wall-clock time when the answer was in
     */
    static void report(long mainAtMillis, long answeredAtMillis) {
        System.out.println(ANSWERED);
        System.out.flush();
        try {
            while (System.in.read() >= 0) {
                // until the driver closes it
            }
        } catch (IOException e) {
            // the driver is gone: go on
        }
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.println(RESULT_PREFIX + (mainAtMillis - jvmStart) + " " + (answeredAtMillis - jvmStart));
        System.out.flush();
    }
}
