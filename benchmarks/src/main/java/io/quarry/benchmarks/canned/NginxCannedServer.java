package io.quarry.benchmarks.canned;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The canned answers served by nginx (one worker, {@code tcp_nodelay}, keep-alive, no access log) instead of
 * {@link CannedServer}: a server that costs almost no CPU, so that on two cores the clients' own cost decides the
 * throughput, as in an outside harness built that way. nginx must be on the {@code PATH} (Debian: {@code apt-get
 * install nginx-light}). Any {@code POST} to a path ending in {@code /query} or {@code /batch} gets the same
 * answer as from {@link CannedServer} (the indices of {@link SearchShapes} theirs); nginx discards the request body.
 */
public final class NginxCannedServer implements CannedServerHandle {

    private final Process process;
    private final Path root;
    private final int port;

    private NginxCannedServer(Process process, Path root, int port) {
        this.process = process;
        this.root = root;
        this.port = port;
    }

    /**
     * Writes the answers and a configuration into a temporary folder, starts nginx in the foreground and waits
     * until it accepts connections.
     *
     * @return the running server; close it to stop nginx and delete the folder
     * @throws IOException if nginx cannot start
     */
    public static NginxCannedServer start() throws IOException {
        // readable by nginx's worker, which drops to an unprivileged user when started as root
        Path root = Files.createTempDirectory(
                "quarry-bench-nginx",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Path answers = Files.createDirectories(root.resolve("1/indexes/products"));
        Files.write(answers.resolve("query"), CannedServer.resource("search-response.json"));
        Files.write(answers.resolve("batch"), CannedServer.resource("batch-response.json"));
        for (var shaped : SearchShapes.answers().entrySet()) {
            Path index = Files.createDirectories(root.resolve("1/indexes/" + shaped.getKey()));
            Files.write(index.resolve("query"), shaped.getValue());
        }
        Files.createDirectories(root.resolve("logs"));
        Files.createDirectories(root.resolve("tmp"));
        int port = freePort();
        Files.writeString(root.resolve("nginx.conf"), configuration(root, port), StandardCharsets.UTF_8);
        Process process = new ProcessBuilder(
                        "nginx",
                        "-p",
                        root.toString(),
                        "-c",
                        root.resolve("nginx.conf").toString())
                .redirectErrorStream(true)
                .redirectOutput(root.resolve("logs/console.log").toFile())
                .start();
        NginxCannedServer server = new NginxCannedServer(process, root, port);
        server.awaitListening();
        return server;
    }

    @Override
    public String url() {
        return "http://127.0.0.1:" + port;
    }

    /** Stops nginx (TERM, then KILL) and deletes its folder. */
    @Override
    public void close() {
        CannedServerHandle.stop(process);
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind
        }
    }

    private void awaitListening() throws IOException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < until) {
            if (!process.isAlive()) {
                throw new IOException("nginx exited at start: " + Files.readString(root.resolve("logs/console.log"))
                        + readErrorLog());
            }
            try {
                new Socket(InetAddress.getLoopbackAddress(), port).close();
                return;
            } catch (IOException notYet) {
                pause();
            }
        }
        close();
        throw new IOException("nginx did not listen on port " + port + " within 10 s" + readErrorLog());
    }

    private String readErrorLog() {
        try {
            return Files.readString(root.resolve("logs/error.log"));
        } catch (IOException e) {
            return "";
        }
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One worker in the foreground; a POST to a static file is answered with the file (405 turned into 200). */
    private static String configuration(Path root, int port) {
        String dir = root.toString();
        List<String> lines = List.of(
                "worker_processes 1;",
                "daemon off;",
                "error_log " + dir + "/logs/error.log warn;",
                "pid " + dir + "/logs/nginx.pid;",
                "events { worker_connections 4096; }",
                "http {",
                "  access_log off;",
                "  tcp_nodelay on;",
                "  keepalive_requests 100000000;",
                "  keepalive_timeout 600s;",
                "  client_body_buffer_size 8m;",
                "  client_max_body_size 256m;",
                "  client_body_temp_path " + dir + "/tmp/body;",
                "  proxy_temp_path " + dir + "/tmp/proxy;",
                "  fastcgi_temp_path " + dir + "/tmp/fastcgi;",
                "  uwsgi_temp_path " + dir + "/tmp/uwsgi;",
                "  scgi_temp_path " + dir + "/tmp/scgi;",
                "  server {",
                // thousands of callers connect at once in ThreadsCpuPerCall: Linux's default queue of 511 would
                // drop their connections until the client's connect timeout
                "    listen 127.0.0.1:" + port + " backlog=4096;",
                "    root " + dir + ";",
                "    default_type application/json;",
                "    location / { error_page 405 =200 $uri; }",
                "  }",
                "}");
        return String.join("\n", lines) + "\n";
    }
}
