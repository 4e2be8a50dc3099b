package io.quarry.benchmarks.ingest;

import io.quarry.mockserver.Main;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The mock server in a child JVM started from the benchmark's class path, so that its indexing work, threads and
 * heap are not the client's: the client's heap limit then bounds the client alone.
 */
final class MockServerProcess implements AutoCloseable {

    private static final String READY = "listening on ";

    private final Process process;
    private final String url;

    private MockServerProcess(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    /**
     * Starts the server and waits for its address.
     *
     * @param heap the child's {@code -Xmx}, such as {@code 6g}
     * @return the running server
     * @throws IOException if it cannot start
     */
    static MockServerProcess start(String heap) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heap);
        command.add("-XX:+UseParallelGC");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.add("--port");
        command.add("0");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith(READY)) {
                String url = line.substring(READY.length()).trim();
                Thread drainer = new Thread(
                        () -> {
                            try {
                                while (out.readLine() != null) {
                                    // discard
                                }
                            } catch (IOException e) {
                                // gone
                            }
                        },
                        "mock-server-output");
                drainer.setDaemon(true);
                drainer.start();
                return new MockServerProcess(process, url);
            }
        }
        process.destroyForcibly();
        throw new IOException("the mock server exited before announcing its address");
    }

    /** {@return its URL} */
    String url() {
        return url;
    }

    @Override
    public void close() {
        process.destroy(); // SIGTERM: it stops cleanly
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
