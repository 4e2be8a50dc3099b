package io.quarry.benchmarks.coldstart;

import io.quarry.benchmarks.canned.CannedServerProcess;
import io.quarry.benchmarks.coldstart.PhaseSummary.Variant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The cold-start driver: JVM start to the first search answer, Quarry against the raw baseline, a fresh JVM per
 * run.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.quarry.benchmarks.coldstart.ColdStart \
 *     [--runs 10] [--warmups 1] [--appcds] [--classes] [--https-fallback] [--out target/coldstart]
 *     [--jvm-arg=FLAG ...]
 * </pre>
 *
 * <p>It starts the canned server, then runs each child program ({@link QuarryFirstSearch},
 * {@link RawFirstSearch}) with this JVM's {@code java}, the same flags ({@code --jvm-arg}, none by default) and
 * this JVM's class path (the benchmarks jar). Runs alternate between the clients, and the order flips every round
 * (Quarry, raw, raw, Quarry, ...), so the machine's noise hits both alike; {@code --warmups} rounds first are
 * discarded (they fill the OS file cache). It prints, per phase and client, the median, min and max and the
 * ratio of the medians, and writes them to {@code OUT.tsv} (every run to {@code OUT-runs.tsv}).
 *
 * <p>{@code --appcds} adds a mode where each client runs with an application class-data sharing archive made by
 * one training run of its own ({@code -XX:ArchiveClassesAtExit}, then {@code -XX:SharedArchiveFile}); its runs
 * alternate with the plain ones. {@code --classes} runs each client once more with {@link ClassCensus#FLAG} and
 * prints the classes loaded before the answer, per library and the packages where the two differ most, writing
 * the full lists to {@code OUT-classes-CLIENT.txt}.
 *
 * <p>A Quarry client whose hosts are all plain http (as the canned server's) sets up no TLS, while the raw client
 * always does: {@code --https-fallback} adds a third client, {@link Client#QUARRY_TLS}, with an https fallback host
 * that is never called, so that it sets up TLS as a client of the service does and both do the same work.
 */
public final class ColdStart {

    private ColdStart() {}

    /**
     * Runs the benchmark.
     *
     * @param args see the class description
     * @throws IOException if the server cannot start or a file cannot be written
     */
    public static void main(String[] args) throws IOException {
        int runs = 10;
        int warmups = 1;
        boolean appCds = false;
        boolean classes = false;
        List<Client> clients = new ArrayList<>(List.of(Client.QUARRY, Client.RAW));
        String out = "target/coldstart";
        List<String> flags = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--warmups" -> warmups = Integer.parseInt(args[++i]);
                case "--appcds" -> appCds = true;
                case "--classes" -> classes = true;
                case "--https-fallback" -> clients.add(1, Client.QUARRY_TLS);
                case "--out" -> out = args[++i];
                default -> {
                    if (!args[i].startsWith("--jvm-arg=")) {
                        throw new IllegalArgumentException("unknown argument " + args[i] + "; see the Javadoc");
                    }
                    flags.add(args[i].substring("--jvm-arg=".length()));
                }
            }
        }
        Path base = Path.of(out).toAbsolutePath();
        Files.createDirectories(base.getParent());
        try (CannedServerProcess server = CannedServerProcess.start()) {
            if (classes) {
                census(flags, server.url(), clients, base);
            }
            List<Variant> variants = new ArrayList<>();
            for (Client client : clients) {
                variants.add(new Variant("plain", client));
            }
            Map<Client, List<String>> archiveFlags = Map.of();
            if (appCds) {
                archiveFlags = trainArchives(flags, server.url(), clients, base);
                for (Client client : clients) {
                    variants.add(new Variant("appcds", client));
                }
            }
            PhaseSummary summary = new PhaseSummary();
            for (int round = 0; round < warmups + runs; round++) {
                List<Variant> order = new ArrayList<>(variants);
                if (round % 2 == 1) {
                    Collections.reverse(order);
                }
                for (Variant variant : order) {
                    List<String> childFlags = new ArrayList<>(flags);
                    if (variant.mode().equals("appcds")) {
                        childFlags.addAll(archiveFlags.get(variant.client()));
                    }
                    Client client = variant.client();
                    ChildJvm.Timings timings = ChildJvm.run(childFlags, client.program(), client.args(server.url()))
                            .timings();
                    if (round >= warmups) {
                        summary.add(variant, timings);
                    }
                }
                System.out.print(round < warmups ? "w" : ".");
                System.out.flush();
            }
            System.out.println();
            System.out.print(summary.table());
            Path tsv = Path.of(base + ".tsv");
            Files.writeString(tsv, summary.tsv());
            Files.writeString(Path.of(base + "-runs.tsv"), summary.runsTsv());
            System.out.println("\nwritten: " + tsv + " and " + base + "-runs.tsv");
        }
    }

    /** One training run per client dumping its archive; @return the flags that use each archive */
    private static Map<Client, List<String>> trainArchives(
            List<String> flags, String url, List<Client> clients, Path base) throws IOException {
        Map<Client, List<String>> use = new EnumMap<>(Client.class);
        for (Client client : clients) {
            Path archive = Path.of(base + "-" + client.label() + ".jsa");
            Files.deleteIfExists(archive);
            List<String> training = new ArrayList<>(flags);
            training.add("-XX:ArchiveClassesAtExit=" + archive);
            ChildJvm.run(training, client.program(), client.args(url)).timings();
            if (!Files.exists(archive)) {
                throw new IllegalStateException("the training run made no archive " + archive);
            }
            use.put(client, List.of("-XX:SharedArchiveFile=" + archive));
            System.out.println("archive " + archive + ": " + Files.size(archive) / 1024 + " KiB");
        }
        return use;
    }

    /** Counts the classes each client loads before its answer and prints each Quarry client beside raw. */
    private static void census(List<String> flags, String url, List<Client> clients, Path base) throws IOException {
        List<String> logged = new ArrayList<>(flags);
        logged.add(ClassCensus.FLAG);
        Map<Client, ClassCensus> censuses = new EnumMap<>(Client.class);
        for (Client client : clients) {
            ClassCensus census = ClassCensus.of(
                    ChildJvm.run(logged, client.program(), client.args(url)).lines());
            censuses.put(client, census);
            Files.write(Path.of(base + "-classes-" + client.label() + ".txt"), census.classes());
        }
        ClassCensus raw = censuses.get(Client.RAW);
        for (Client client : clients) {
            if (client == Client.RAW) {
                continue;
            }
            ClassCensus quarry = censuses.get(client);
            System.out.printf(
                    Locale.ROOT,
                    "%nclasses loaded before the answer: %s %d, raw %d%n%-44s %10s %7s %7s%n",
                    client.label(),
                    quarry.classes().size(),
                    raw.classes().size(),
                    "library",
                    client.label(),
                    "raw",
                    "diff");
            printSideBySide(quarry.byLibrary(), raw.byLibrary(), Integer.MAX_VALUE);
            System.out.printf(Locale.ROOT, "%npackages differing most (%s vs raw)%n", client.label());
            printSideBySide(quarry.byPackage(), raw.byPackage(), 25);
        }
    }

    private static void printSideBySide(Map<String, Integer> quarry, Map<String, Integer> raw, int limit) {
        TreeSet<String> keys = new TreeSet<>(quarry.keySet());
        keys.addAll(raw.keySet());
        keys.stream()
                .sorted((a, b) -> Integer.compare(Math.abs(diff(quarry, raw, b)), Math.abs(diff(quarry, raw, a))))
                .limit(limit)
                .forEach(key -> System.out.printf(
                        Locale.ROOT,
                        "%-44s %10d %7d %+7d%n",
                        key,
                        quarry.getOrDefault(key, 0),
                        raw.getOrDefault(key, 0),
                        diff(quarry, raw, key)));
    }

    private static int diff(Map<String, Integer> quarry, Map<String, Integer> raw, String key) {
        return quarry.getOrDefault(key, 0) - raw.getOrDefault(key, 0);
    }
}
