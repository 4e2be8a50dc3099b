package io.quarry.benchmarks.client;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Decoding alone, paired: {@link DecodeBenchmark}'s decoders taking turns on one thread in one JVM, so the machine's
 * drift (forked JMH runs of one decoder spread by 20% here) falls on every decoder of a round alike. Each round runs
 * every decoder {@code calls} times, in an order reversed every other round; per turn, the thread's CPU per decode.
 * Prints the median over the rounds of each decoder's ratio to the last one named.
 *
 * <p>Decoders on one Jackson share its compiled code, and what one leaves in a call site's profile slows the next:
 * pair a Quarry build with {@code rawJackson2} (nothing shared) and compare builds by that ratio, each in a JVM of
 * its own. {@code java -cp benchmarks/target/benchmarks.jar io.quarry.benchmarks.client.DecodeCpuPerCall [rounds]
 * [calls] [decoders]}; defaults: 40 rounds after 10 warm-up rounds, 4,000 decodes, {@code quarry,rawJackson2}.
 */
public final class DecodeCpuPerCall {

    private static final int WARMUP_ROUNDS = 10;

    private DecodeCpuPerCall() {}

    /**
     * Runs the comparison.
     *
     * @param args rounds, decodes per turn, decoders (all optional)
     */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 4000;
        String[] names = (args.length > 2 ? args[2] : "quarry,rawJackson2").split(",");
        DecodeBenchmark decoders = new DecodeBenchmark();
        List<Supplier<Object>> turns = new ArrayList<>();
        for (String name : names) {
            turns.add(decoderOf(decoders, name));
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int n = names.length;
        double[][] nanos = new double[n][rounds];
        for (int round = -WARMUP_ROUNDS; round < rounds; round++) {
            for (int i = 0; i < n; i++) {
                int turn = RoundFigures.turn(round + WARMUP_ROUNDS, i, n);
                Supplier<Object> decode = turns.get(turn);
                long start = threads.getCurrentThreadCpuTime();
                for (int call = 0; call < calls; call++) {
                    if (decode.get() == null) {
                        throw new IllegalStateException(names[turn] + " decoded nothing");
                    }
                }
                if (round >= 0) {
                    nanos[turn][round] = (threads.getCurrentThreadCpuTime() - start) / (double) calls;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            double[] ratios = RoundFigures.ratios(nanos[i], nanos[n - 1]);
            System.out.printf(
                    Locale.ROOT,
                    "%-32s CPU per decode %7.2f us, / %s %.3fx (%s)%n",
                    names[i],
                    RoundFigures.median(nanos[i]) / 1000,
                    names[n - 1],
                    RoundFigures.median(ratios),
                    RoundFigures.range(ratios, "%.3f"));
        }
    }

    private static Supplier<Object> decoderOf(DecodeBenchmark decoders, String name) {
        return switch (name) {
            case "quarry" -> decoders::quarry;
            case "quarryWithGeneratedMembers" -> decoders::quarryWithGeneratedMembers;
            case "quarryWithRecordMapper" -> decoders::quarryWithRecordMapper;
            case "raw" -> decoders::raw;
            case "rawInternedNames" -> decoders::rawInternedNames;
            case "rawJackson2" ->
                () -> {
                    try {
                        return decoders.rawJackson2();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                };
            default -> throw new IllegalArgumentException("unknown decoder " + name);
        };
    }
}
