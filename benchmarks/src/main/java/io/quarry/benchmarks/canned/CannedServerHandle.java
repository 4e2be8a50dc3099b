package io.quarry.benchmarks.canned;

/** A running canned-answer server, whichever serves it; closing it stops the server. */
public interface CannedServerHandle extends AutoCloseable {

    /**
     * Starts the server a benchmark asked for.
     *
     * @param kind {@code jvm} for {@link CannedServer} in a child JVM, {@code nginx} for {@link NginxCannedServer}
     * @return the running server
     * @throws java.io.IOException if it cannot start
     */
    static CannedServerHandle start(String kind) throws java.io.IOException {
        return switch (kind) {
            case "jvm" -> CannedServerProcess.start();
            case "nginx" -> NginxCannedServer.start();
            default -> throw new IllegalArgumentException("unknown canned server: " + kind + " (jvm or nginx)");
        };
    }

    /** {@return its base URL, {@code http://127.0.0.1:<port>}} */
    String url();

    @Override
    void close();

    /**
     * Ends a server process: asks it to stop (TERM), kills it if it has not within 5 s, and waits for it.
     *
     * @param process the server's process
     */
    static void stop(Process process) {
        process.destroy();
        try {
            if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
