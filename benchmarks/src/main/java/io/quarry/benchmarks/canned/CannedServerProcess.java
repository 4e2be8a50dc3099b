package io.quarry.benchmarks.canned;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * A {@link CannedServer} running in a child JVM, started from the benchmark's own class path (the benchmarks
 * jar), so that its threads and garbage do not share the benchmark JVM's heap and JIT. The child exits when
 * this JVM ends even if {@link #close()} is never reached (a failed trial skips its tear-down): it watches the
 * standard input this JVM holds open.
 */
public final class CannedServerProcess implements CannedServerHandle {

    private final Process process;
    private final int port;

    private CannedServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /**
     * Starts the server and waits until it prints its port.
     *
     * @return the running server; close it to kill the process
     * @throws IOException if the process cannot start or exits before printing its port
     */
    public static CannedServerProcess start() throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(
                java,
                "-Xmx256m",
                "-XX:+UseParallelGC",
                "-Dsun.net.httpserver.nodelay=true",
                "-cp",
                System.getProperty("java.class.path"),
                CannedServer.class.getName(),
                "--port",
                "0");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith(CannedServer.READY_PREFIX)) {
                int port = Integer.parseInt(
                        line.substring(CannedServer.READY_PREFIX.length()).trim());
                drainInBackground(out);
                return new CannedServerProcess(process, port);
            }
        }
        process.destroyForcibly();
        throw new IOException("canned server exited before announcing its port");
    }

    /** {@return the port it listens on (127.0.0.1)} */
    public int port() {
        return port;
    }

    @Override
    public String url() {
        return "http://127.0.0.1:" + port;
    }

    /** Ends the process (closing its input tells it to exit; killed if it does not) and waits for it. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
        CannedServerHandle.stop(process);
    }

    /** Keeps reading the child's output so that it never blocks on a full pipe. */
    private static void drainInBackground(BufferedReader out) {
        Thread drainer = new Thread(
                () -> {
                    try {
                        while (out.readLine() != null) {
                            // discard
                        }
                    } catch (IOException e) {
                        // the process is gone
                    }
                },
                "canned-server-output");
        drainer.setDaemon(true);
        drainer.start();
    }
}
