package io.quarry.benchmarks.start;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The mock server's container image against its jar: from starting the process to the first answered request, for
 * {@code java -jar} in a fresh JVM, {@code docker run} of the naive image and {@code docker run} of the image, and
 * the container runtime's own floor ({@code docker run} of a program that exits at once).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.quarry.benchmarks.start.ContainerStart \
 *     [--runs 10] [--warmups 1] [--jar mock-server/target/mock-server-VERSION-all.jar]
 *     [--image quarry/mock-server:VERSION] [--naive quarry/mock-server:VERSION-naive]
 * </pre>
 *
 * <p>Each round runs the four one after another, the order reversed every other round; the first {@code --warmups}
 * rounds are discarded. The jar runs on this JVM's {@code java}. A container publishes its port 8080 on a free
 * loopback port and runs in the foreground of its {@code docker run}; as for the jar, the driver makes the request
 * ({@link FirstAnswer}) once the {@code listening on} line is out, then removes the container. It prints each
 * one's median (min-max) in ms and, for the two images, the median of the rounds' (image - floor) / jar.
 */
public final class ContainerStart {

    private static final long TIMEOUT_SECONDS = 60;

    private ContainerStart() {}

    /**
     * Runs the benchmark.
     *
     * @param args see the class comment
     * @throws Exception if a run fails
     */
    public static void main(String[] args) throws Exception {
        int runs = 10;
        int warmups = 1;
        Path jar = null;
        String image = null;
        String naive = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--warmups" -> warmups = Integer.parseInt(args[++i]);
                case "--jar" -> jar = Path.of(args[++i]);
                case "--image" -> image = args[++i];
                case "--naive" -> naive = args[++i];
                default -> throw new IllegalArgumentException("unknown argument " + args[i] + "; see the Javadoc");
            }
        }
        if (jar == null) {
            jar = onlyJar(Path.of("mock-server", "target"));
        }
        String version =
                jar.getFileName().toString().replace("mock-server-", "").replace("-all.jar", "");
        image = image == null ? "quarry/mock-server:" + version : image;
        naive = naive == null ? image + "-naive" : naive;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

        Map<String, List<String>> commands = new LinkedHashMap<>();
        commands.put("floor", List.of("docker", "run", "--entrypoint", "/opt/quarry/bin/busybox", image, "true"));
        commands.put("jar", List.of(java, "-jar", jar.toString(), "--port", "0"));
        commands.put("naive", List.of("docker", "run", naive));
        commands.put("image", List.of("docker", "run", image));
        System.out.printf(
                "java %s, %d cores, load average %s%n",
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(), loadAverage());
        commands.forEach((label, command) -> System.out.printf("  %-6s %s%n", label, String.join(" ", command)));

        Map<String, List<Double>> millis = new LinkedHashMap<>();
        commands.keySet().forEach(label -> millis.put(label, new ArrayList<>()));
        for (int round = 0; round < warmups + runs; round++) {
            List<String> order = new ArrayList<>(commands.keySet());
            if (round % 2 == 1) {
                Collections.reverse(order);
            }
            for (String label : order) {
                double took = label.equals("floor") ? toExit(commands.get(label)) : toAnswer(commands.get(label));
                if (round >= warmups) {
                    millis.get(label).add(took);
                }
            }
            System.out.print(round < warmups ? "w" : ".");
            System.out.flush();
        }
        System.out.printf("%n%d rounds; load average at the end %s%n", runs, loadAverage());
        millis.forEach((label, values) -> System.out.printf("  %-6s %s ms%n", label, summary(values)));
        for (String label : List.of("naive", "image")) {
            double[] ratios = new double[runs];
            for (int r = 0; r < runs; r++) {
                ratios[r] = (millis.get(label).get(r) - millis.get("floor").get(r))
                        / millis.get("jar").get(r);
            }
            System.out.printf("  (%s - floor) / jar: %.2fx (median of the rounds' ratios)%n", label, median(ratios));
        }
    }

    /**
     * {@return the milliseconds from starting a {@code docker run} to its exit} The container is removed after, out
     * of the time, as the others are.
     */
    private static double toExit(List<String> command) throws IOException, InterruptedException {
        String name = "quarry-floor-" + UUID.randomUUID();
        List<String> full = new ArrayList<>(command);
        full.addAll(2, List.of("--name", name));
        long start = System.nanoTime();
        Process process = new ProcessBuilder(full).redirectErrorStream(true).start();
        try {
            process.getInputStream().transferTo(OutputStream.nullOutputStream());
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", full) + " failed");
            }
            return (System.nanoTime() - start) / 1e6;
        } finally {
            remove(name);
        }
    }

    private static void remove(String container) throws IOException, InterruptedException {
        new ProcessBuilder("docker", "rm", "--force", container)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start()
                .waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /**
     * {@return the milliseconds from starting the command to the first answer} A container's port 8080 is
     * published on a free loopback port, which the request goes to.
     */
    private static double toAnswer(List<String> command) throws IOException, InterruptedException {
        boolean container = command.get(0).equals("docker");
        String name = "quarry-start-" + UUID.randomUUID();
        int published = container ? freePort() : -1;
        List<String> full = new ArrayList<>(command);
        if (container) {
            full.addAll(2, List.of("--name", name, "-p", "127.0.0.1:" + published + ":8080"));
        }
        long start = System.nanoTime();
        Process process = new ProcessBuilder(full).redirectErrorStream(true).start();
        try {
            BufferedReader lines =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            List<String> seen = new ArrayList<>();
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                seen.add(line);
                if (line.startsWith("listening on ")) {
                    int port = container ? published : Integer.parseInt(line.substring(line.lastIndexOf(':') + 1));
                    FirstAnswer.get(port, null);
                    return (System.nanoTime() - start) / 1e6;
                }
            }
            throw new IllegalStateException(String.join(" ", full) + " ended before listening: " + seen);
        } finally {
            if (container) {
                remove(name);
            }
            process.destroy();
            process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path onlyJar(Path directory) throws IOException {
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(directory, "mock-server-*-all.jar")) {
            List<Path> found = new ArrayList<>();
            jars.forEach(found::add);
            if (found.size() != 1) {
                throw new IllegalArgumentException(
                        "found " + found.size() + " mock-server-*-all.jar in " + directory + "; give --jar");
            }
            return found.get(0).toAbsolutePath();
        }
    }

    private static String summary(List<Double> values) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return String.format("%.0f (%.0f-%.0f)", median(sorted), sorted[0], sorted[sorted.length - 1]);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
