package io.quarry.benchmarks.start;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The measured rounds, summarised per contender and figure as median (min-max), with two ratios to the floor: of
 * the medians, and the median of each round's own ratio (the runs of a round are seconds apart, so the second
 * ratio is the one least moved by the machine's load changing during the benchmark).
 */
final class StartSummary {

    /** The TSV header of {@link #tsv()}. */
    static final String TSV_HEADER =
            "figure\tcontender\tmedian_ms\tmin_ms\tmax_ms\tratio_of_medians\tmedian_round_ratio\truns";

    private final Map<Contender, List<StartRun>> runs = new LinkedHashMap<>();
    private final Contender floor;

    /**
     * A summary of these contenders, in this order.
     *
     * @param contenders every contender, the floor among them
     */
    StartSummary(List<Contender> contenders) {
        Contender found = null;
        for (Contender contender : contenders) {
            runs.put(contender, new ArrayList<>());
            if (contender.kind() == Contender.Kind.FLOOR) {
                found = contender;
            }
        }
        if (found == null) {
            throw new IllegalArgumentException("no floor among " + contenders);
        }
        this.floor = found;
    }

    /**
     * Records one run; the runs of one contender are numbered by round.
     *
     * @param contender what ran
     * @param run its figures
     */
    void add(Contender contender, StartRun run) {
        runs.get(contender).add(run);
    }

    /** {@return every run, one TSV line each, with a header line} */
    String runsTsv() {
        StringBuilder out = new StringBuilder("contender\tround\t" + String.join("\t", StartRun.FIGURES)).append('\n');
        runs.forEach((contender, list) -> {
            for (int i = 0; i < list.size(); i++) {
                out.append(contender.label()).append('\t').append(i + 1);
                for (double value : list.get(i).values()) {
                    out.append('\t').append(String.format(Locale.ROOT, "%.1f", value));
                }
                out.append('\n');
            }
        });
        return out.toString();
    }

    /** {@return {@link #TSV_HEADER} and one line per figure and contender} */
    String tsv() {
        StringBuilder out = new StringBuilder(TSV_HEADER).append('\n');
        for (int figure = 0; figure < StartRun.FIGURES.size(); figure++) {
            for (Row row : rows(figure)) {
                out.append(String.format(
                        Locale.ROOT,
                        "%s\t%s\t%.1f\t%.1f\t%.1f\t%.3f\t%.3f\t%d%n",
                        StartRun.FIGURES.get(figure),
                        row.contender().label(),
                        row.median(),
                        row.min(),
                        row.max(),
                        row.ratioOfMedians(),
                        row.medianRoundRatio(),
                        runs.get(row.contender()).size()));
            }
        }
        return out.toString();
    }

    /** {@return a table for people: per figure, each contender's median (min-max) and its ratios to the floor} */
    String table() {
        StringBuilder out = new StringBuilder();
        for (int figure = 0; figure < StartRun.FIGURES.size(); figure++) {
            out.append(String.format(
                    Locale.ROOT,
                    "%n%s (ms, median (min-max); ratios to floor: of the medians / median of the rounds' ratios)%n",
                    StartRun.FIGURES.get(figure)));
            for (Row row : rows(figure)) {
                out.append(String.format(
                        Locale.ROOT,
                        "  %-20s %-22s %6.2fx / %.2fx%n",
                        row.contender().label(),
                        String.format(Locale.ROOT, "%.0f (%.0f-%.0f)", row.median(), row.min(), row.max()),
                        row.ratioOfMedians(),
                        row.medianRoundRatio()));
            }
        }
        return out.toString();
    }

    /** One contender's figure: its median, min and max, and its two ratios to the floor. */
    private record Row(
            Contender contender,
            double median,
            double min,
            double max,
            double ratioOfMedians,
            double medianRoundRatio) {}

    /** {@return each contender's row for the figure, leaving out those that do not measure it} */
    private List<Row> rows(int figure) {
        List<Row> rows = new ArrayList<>();
        for (Contender contender : runs.keySet()) {
            double[] f = figures(contender, figure);
            if (!Double.isNaN(f[0])) {
                rows.add(new Row(
                        contender,
                        f[0],
                        f[1],
                        f[2],
                        ratioOfMedians(contender, figure),
                        medianRoundRatio(contender, figure)));
            }
        }
        return rows;
    }

    private double ratioOfMedians(Contender contender, int figure) {
        return figures(contender, figure)[0] / figures(floor, figure)[0];
    }

    private double medianRoundRatio(Contender contender, int figure) {
        List<StartRun> mine = runs.get(contender);
        List<StartRun> floors = runs.get(floor);
        double[] ratios = new double[Math.min(mine.size(), floors.size())];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = mine.get(i).values()[figure] / floors.get(i).values()[figure];
        }
        return median(ratios);
    }

    /** {@return median, min, max of one figure of a contender (NaN when it has none)} */
    private double[] figures(Contender contender, int figure) {
        double[] values = runs.get(contender).stream()
                .mapToDouble(run -> run.values()[figure])
                .sorted()
                .toArray();
        return new double[] {median(values), values[0], values[values.length - 1]};
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
