package io.quarry.benchmarks.start;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The mock server start driver: from a fresh JVM to the first answered request, for the floor, WireMock 3, the mock
 * server embedded (over HTTP and HTTPS) and the standalone jar, the last two also with the console off
 * ({@code embedded-console-off}, {@code standalone-console-off}), so that the console's share of a start is measured
 * in the same rounds.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.quarry.benchmarks.start.StartBenchmark \
 *     [--runs 10] [--warmups 1] [--jar mock-server/target/mock-server-VERSION-all.jar] [--baseline DIR]
 *     [--only embedded,standalone,...] [--classes] [--out target/start] [--jvm-arg=FLAG ...]
 * </pre>
 *
 * <p>Each round starts one fresh JVM per contender, one after another, with this JVM's {@code java} and the same
 * flags ({@code --jvm-arg}, none by default); the order is reversed every other round, so that the machine's noise
 * falls on all alike, and the first {@code --warmups} rounds (which fill the OS file cache) are discarded. Every
 * child makes the same request ({@link FirstAnswer}) on the loopback address. The in-process children run from this
 * JVM's class path (the benchmarks jar), the standalone one from {@code --jar} (by default the one {@code mvn
 * package} left under {@code mock-server/target}), and the driver makes its request once it prints its URL. The
 * driver times each from just before it starts the process to the answer; the in-process children also time
 * themselves from JVM start.
 *
 * <p>{@code --baseline DIR} adds {@code jdk-front-base}, {@code embedded-base}, {@code embedded-https-base} and
 * {@code standalone-base}: the same children run from {@code DIR/benchmarks.jar} and
 * {@code DIR/mock-server-*-all.jar}, the jars of another build (such as the commit before a change, with this
 * package added), so that before and after are measured in the same rounds. {@code --only} keeps the floor and the named contenders.
 *
 * <p>It prints each figure's median (min-max) and the ratios to the floor, and writes them to {@code OUT.tsv} (every
 * run to {@code OUT-runs.tsv}). {@code --classes} first runs each contender once with {@code -Xlog:class+load} and
 * prints how many classes it loaded before its answer, by library.
 */
public final class StartBenchmark {

    private StartBenchmark() {}

    /**
     * Runs the benchmark.
     *
     * @param args see the class comment
     * @throws IOException if the results cannot be written
     */
    public static void main(String[] args) throws IOException {
        int runs = 10;
        int warmups = 1;
        boolean classes = false;
        Path jar = null;
        Path baseline = null;
        String only = null;
        String out = "target/start";
        List<String> flags = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--warmups" -> warmups = Integer.parseInt(args[++i]);
                case "--jar" -> jar = Path.of(args[++i]);
                case "--baseline" -> baseline = Path.of(args[++i]);
                case "--only" -> only = args[++i];
                case "--classes" -> classes = true;
                case "--out" -> out = args[++i];
                default -> {
                    if (!args[i].startsWith("--jvm-arg=")) {
                        throw new IllegalArgumentException("unknown argument " + args[i] + "; see the Javadoc");
                    }
                    flags.add(args[i].substring("--jvm-arg=".length()));
                }
            }
        }
        List<Contender> contenders =
                contenders(jar == null ? standaloneJar(Path.of("mock-server", "target")) : jar, baseline);
        if (only != null) {
            contenders = only(contenders, only);
        }
        Path base = Path.of(out).toAbsolutePath();
        Files.createDirectories(base.getParent());
        System.out.printf(
                "java %s (%s), %d cores, load average %s%n",
                System.getProperty("java.version"),
                System.getProperty("java.vm.name"),
                Runtime.getRuntime().availableProcessors(),
                loadAverage());
        for (Contender contender : contenders) {
            System.out.printf("  %-20s %s%n", contender.label(), String.join(" ", contender.command(flags)));
        }
        if (classes) {
            List<String> logged = new ArrayList<>(flags);
            logged.add(ClassCount.FLAG);
            for (Contender contender : contenders) {
                ClassCount.print(
                        contender.label(), ChildProcess.run(contender, logged).lines());
            }
        }
        if (runs == 0) {
            return;
        }
        StartSummary summary = new StartSummary(contenders);
        for (int round = 0; round < warmups + runs; round++) {
            List<Contender> order = new ArrayList<>(contenders);
            if (round % 2 == 1) {
                Collections.reverse(order);
            }
            for (Contender contender : order) {
                StartRun run = ChildProcess.run(contender, flags);
                if (round >= warmups) {
                    summary.add(contender, run);
                }
            }
            System.out.print(round < warmups ? "w" : ".");
            System.out.flush();
        }
        System.out.printf("%n%d rounds; load average at the end %s%n", runs, loadAverage());
        System.out.print(summary.table());
        Path tsv = Path.of(base + ".tsv");
        Files.writeString(tsv, summary.tsv());
        Files.writeString(Path.of(base + "-runs.tsv"), summary.runsTsv());
        System.out.println("\nwritten: " + tsv + " and " + base + "-runs.tsv");
    }

    /** {@return every contender of this build, then the baseline's when there is one} */
    private static List<Contender> contenders(Path standaloneJar, Path baseline) throws IOException {
        List<Contender> contenders = new ArrayList<>();
        for (Contender.Kind kind : Contender.Kind.values()) {
            contenders.add(new Contender(kind.label(), kind, standalone(kind) ? standaloneJar : null));
        }
        if (baseline != null) {
            Path benchmarks = baseline.resolve("benchmarks.jar");
            if (!Files.isRegularFile(benchmarks)) {
                throw new IllegalArgumentException("no " + benchmarks);
            }
            contenders.add(new Contender("jdk-front-base", Contender.Kind.JDK_FRONT, benchmarks));
            contenders.add(new Contender("embedded-base", Contender.Kind.EMBEDDED, benchmarks));
            contenders.add(new Contender("embedded-https-base", Contender.Kind.EMBEDDED_HTTPS, benchmarks));
            contenders.add(new Contender("standalone-base", Contender.Kind.STANDALONE, standaloneJar(baseline)));
        }
        return contenders;
    }

    private static boolean standalone(Contender.Kind kind) {
        return kind == Contender.Kind.STANDALONE || kind == Contender.Kind.STANDALONE_CONSOLE_OFF;
    }

    /** {@return the floor, then the contenders named, comma-separated} */
    private static List<Contender> only(List<Contender> contenders, String names) {
        List<Contender> chosen = new ArrayList<>();
        List<String> wanted = new ArrayList<>();
        for (String name : names.split(",")) {
            wanted.add(name.trim());
        }
        for (Contender contender : contenders) {
            if (contender.kind() == Contender.Kind.FLOOR || wanted.remove(contender.label())) {
                chosen.add(contender);
            }
        }
        if (!wanted.isEmpty()) {
            throw new IllegalArgumentException("no contender " + wanted);
        }
        return chosen;
    }

    /** {@return the one {@code mock-server-*-all.jar} in a directory} */
    private static Path standaloneJar(Path directory) throws IOException {
        List<Path> found = new ArrayList<>();
        if (Files.isDirectory(directory)) {
            try (DirectoryStream<Path> jars = Files.newDirectoryStream(directory, "mock-server-*-all.jar")) {
                jars.forEach(found::add);
            }
        }
        if (found.size() != 1) {
            throw new IllegalArgumentException("found " + found.size() + " mock-server-*-all.jar in "
                    + directory.toAbsolutePath() + "; give --jar (or build the mock server first)");
        }
        return found.get(0).toAbsolutePath();
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
