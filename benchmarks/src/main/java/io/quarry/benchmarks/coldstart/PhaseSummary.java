package io.quarry.benchmarks.coldstart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The runs of every variant (mode and client), summarised per phase as median, min and max, with the ratio of
 * Quarry's median to the raw client's in the same mode.
 */
final class PhaseSummary {

    /** The TSV header of {@link #tsv()}. */
    static final String TSV_HEADER =
            "mode\tphase\tquarry_median_ms\tquarry_min_ms\tquarry_max_ms\traw_median_ms\traw_min_ms\traw_max_ms"
                    + "\tratio_quarry_raw\truns";

    /** Runs per variant, in the order recorded. */
    private final Map<Variant, List<ChildJvm.Timings>> runs = new LinkedHashMap<>();

    /**
     * Records one run.
     *
     * @param variant what ran
     * @param timings its phases
     */
    void add(Variant variant, ChildJvm.Timings timings) {
        runs.computeIfAbsent(variant, v -> new ArrayList<>()).add(timings);
    }

    /** @return every run, one TSV line each (with a header line) */
    String runsTsv() {
        StringBuilder out =
                new StringBuilder("mode\tclient\trun\t" + String.join("\t", ChildJvm.Timings.PHASES)).append('\n');
        runs.forEach((variant, list) -> {
            for (int i = 0; i < list.size(); i++) {
                out.append(variant.mode())
                        .append('\t')
                        .append(variant.client())
                        .append('\t')
                        .append(i + 1);
                for (double value : list.get(i).values()) {
                    out.append('\t').append(number(value));
                }
                out.append('\n');
            }
        });
        return out.toString();
    }

    /** @return one line per mode and phase: {@link #TSV_HEADER} and its values */
    String tsv() {
        StringBuilder out = new StringBuilder(TSV_HEADER).append('\n');
        for (String mode : modes()) {
            for (int phase = 0; phase < ChildJvm.Timings.PHASES.size(); phase++) {
                double[] quarry = figures(new Variant(mode, Variant.QUARRY), phase);
                double[] raw = figures(new Variant(mode, Variant.RAW), phase);
                out.append(mode).append('\t').append(ChildJvm.Timings.PHASES.get(phase));
                for (double value : quarry) {
                    out.append('\t').append(number(value));
                }
                for (double value : raw) {
                    out.append('\t').append(number(value));
                }
                out.append('\t').append(String.format(Locale.ROOT, "%.3f", quarry[0] / raw[0]));
                out.append('\t')
                        .append(runs.get(new Variant(mode, Variant.QUARRY)).size());
                out.append('\n');
            }
        }
        return out.toString();
    }

    /** @return a table for people: per mode and phase, median (min-max) of each client and the ratio */
    String table() {
        StringBuilder out = new StringBuilder();
        for (String mode : modes()) {
            out.append(String.format(
                    Locale.ROOT,
                    "%n%s (%d runs each; ms, median (min-max))%n%-14s %-24s %-24s %s%n",
                    mode,
                    runs.get(new Variant(mode, Variant.QUARRY)).size(),
                    "phase",
                    "quarry",
                    "raw",
                    "quarry/raw"));
            for (int phase = 0; phase < ChildJvm.Timings.PHASES.size(); phase++) {
                double[] quarry = figures(new Variant(mode, Variant.QUARRY), phase);
                double[] raw = figures(new Variant(mode, Variant.RAW), phase);
                out.append(String.format(
                        Locale.ROOT,
                        "%-14s %-24s %-24s %.2fx%n",
                        ChildJvm.Timings.PHASES.get(phase),
                        describe(quarry),
                        describe(raw),
                        quarry[0] / raw[0]));
            }
        }
        return out.toString();
    }

    private List<String> modes() {
        return runs.keySet().stream().map(Variant::mode).distinct().toList();
    }

    /** @return median, min, max of one phase of a variant */
    private double[] figures(Variant variant, int phase) {
        double[] values = runs.get(variant).stream()
                .mapToDouble(t -> t.values()[phase])
                .sorted()
                .toArray();
        return new double[] {median(values), values[0], values[values.length - 1]};
    }

    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static String describe(double[] figures) {
        return String.format(Locale.ROOT, "%.0f (%.0f-%.0f)", figures[0], figures[1], figures[2]);
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    /**
     * What one child runs.
     *
     * @param mode {@code plain}, or {@code appcds} with a class-data archive of the client's own training run
     * @param client {@link #QUARRY} or {@link #RAW}
     */
    record Variant(String mode, String client) {
        static final String QUARRY = "quarry";
        static final String RAW = "raw";

        /** @return the child program */
        Class<?> program() {
            return client.equals(QUARRY) ? QuarryFirstSearch.class : RawFirstSearch.class;
        }
    }
}
