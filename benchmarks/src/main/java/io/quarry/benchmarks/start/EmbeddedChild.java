package io.quarry.benchmarks.start;

import io.quarry.mockserver.Console;
import io.quarry.mockserver.MockServer;
import java.io.IOException;

/**
 * The mock server embedded as a test would start it, {@code MockServer.builder().start()} (with {@code https()}
 * when the first argument is {@code https}, with {@code console(Console.OFF)} when it is {@code console-off}), and
 * its first answer: listing the indexes with the default credentials.
 */
public final class EmbeddedChild {

    private EmbeddedChild() {}

    /**
     * Starts the server, makes the first request, reports.
     *
     * @param args {@code https} for HTTPS, {@code console-off} for no console, else nothing
     * @throws IOException if the request fails
     */
    public static void main(String[] args) throws IOException {
        long mainAt = System.currentTimeMillis();
        boolean https = args.length > 0 && args[0].equals("https");
        MockServer.Builder builder = MockServer.builder();
        if (https) {
            builder.https();
        }
        if (args.length > 0 && args[0].equals("console-off")) {
            // Console is named only here, so the default start loads no class of it on this child's account
            builder.console(Console.OFF);
        }
        MockServer server = builder.start();
        FirstAnswer.get(server.port(), https ? server.trustMaterial().sslSocketFactory() : null);
        long answeredAt = System.currentTimeMillis();
        FirstAnswer.report(mainAt, answeredAt);
        System.exit(0);
    }
}
