package io.quarry.benchmarks.coldstart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The runs of every variant (mode and client), summarised per phase as median, min and max, with the ratio of each
 * Quarry client's median to the raw client's in the same mode.
 */
final class PhaseSummary {

    /** The TSV header of {@link #tsv()}: one line per mode, phase and client. */
    static final String TSV_HEADER = "mode\tphase\tclient\tmedian_ms\tmin_ms\tmax_ms\tratio_to_raw\truns";

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

    /** {@return every run, one TSV line each (with a header line)} */
    String runsTsv() {
        StringBuilder out =
                new StringBuilder("mode\tclient\trun\t" + String.join("\t", ChildJvm.Timings.PHASES)).append('\n');
        runs.forEach((variant, list) -> {
            for (int i = 0; i < list.size(); i++) {
                out.append(variant.mode())
                        .append('\t')
                        .append(variant.client().label())
                        .append('\t')
                        .append(i + 1);
                for (double value : list.get(i).values()) {
                    out.append('\t').append(String.format(Locale.ROOT, "%.1f", value));
                }
                out.append('\n');
            }
        });
        return out.toString();
    }

    /** {@return {@link #TSV_HEADER} and its lines} */
    String tsv() {
        StringBuilder out = new StringBuilder(TSV_HEADER).append('\n');
        for (String mode : modes()) {
            for (int phase = 0; phase < ChildJvm.Timings.PHASES.size(); phase++) {
                double raw = figures(new Variant(mode, Client.RAW), phase)[0];
                for (Client client : clients(mode)) {
                    double[] f = figures(new Variant(mode, client), phase);
                    out.append(String.format(
                            Locale.ROOT,
                            "%s\t%s\t%s\t%.1f\t%.1f\t%.1f\t%.3f\t%d%n",
                            mode,
                            ChildJvm.Timings.PHASES.get(phase),
                            client.label(),
                            f[0],
                            f[1],
                            f[2],
                            f[0] / raw,
                            runs.get(new Variant(mode, client)).size()));
                }
            }
        }
        return out.toString();
    }

    /** {@return a table for people: per mode and phase, median (min-max) of each client and the ratios to raw} */
    String table() {
        StringBuilder out = new StringBuilder();
        for (String mode : modes()) {
            List<Client> clients = clients(mode);
            out.append(String.format(
                    Locale.ROOT,
                    "%n%s (%d runs each; ms, median (min-max))%n%-14s",
                    mode,
                    runs.get(new Variant(mode, Client.RAW)).size(),
                    "phase"));
            for (Client client : clients) {
                out.append(String.format(Locale.ROOT, " %-20s", client.label()));
            }
            for (Client client : clients) {
                if (client != Client.RAW) {
                    out.append(String.format(Locale.ROOT, " %15s", client.label() + "/raw"));
                }
            }
            out.append(String.format("%n"));
            for (int phase = 0; phase < ChildJvm.Timings.PHASES.size(); phase++) {
                out.append(String.format(Locale.ROOT, "%-14s", ChildJvm.Timings.PHASES.get(phase)));
                for (Client client : clients) {
                    double[] f = figures(new Variant(mode, client), phase);
                    out.append(String.format(
                            Locale.ROOT, " %-20s", String.format(Locale.ROOT, "%.0f (%.0f-%.0f)", f[0], f[1], f[2])));
                }
                double raw = figures(new Variant(mode, Client.RAW), phase)[0];
                for (Client client : clients) {
                    if (client != Client.RAW) {
                        double ratio = figures(new Variant(mode, client), phase)[0] / raw;
                        out.append(String.format(Locale.ROOT, " %14.2fx", ratio));
                    }
                }
                out.append(String.format("%n"));
            }
        }
        return out.toString();
    }

    private List<String> modes() {
        return runs.keySet().stream().map(Variant::mode).distinct().toList();
    }

    private List<Client> clients(String mode) {
        return runs.keySet().stream()
                .filter(v -> v.mode().equals(mode))
                .map(Variant::client)
                .sorted()
                .toList();
    }

    /** {@return median, min, max of one phase of a variant} */
    private double[] figures(Variant variant, int phase) {
        double[] values = runs.get(variant).stream()
                .mapToDouble(t -> t.values()[phase])
                .sorted()
                .toArray();
        int n = values.length;
        double median = n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
        return new double[] {median, values[0], values[n - 1]};
    }

    /**
     * What one child runs.
     *
     * @param mode {@code plain}, or {@code appcds} with a class-data archive of the client's own training run
     * @param client the client
     */
    record Variant(String mode, Client client) {}
}
