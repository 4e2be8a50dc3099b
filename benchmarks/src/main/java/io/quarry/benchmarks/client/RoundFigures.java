package io.quarry.benchmarks.client;

import java.util.Arrays;
import java.util.Locale;

/**
 * Figures of rounds in which clients took turns: a median and a range per client, and the paired ratios of one
 * client's rounds to another's. A round's ratio compares two clients measured seconds apart, so a slow stretch of
 * the machine weighs on both sides of it; the median of those ratios is what the diagnosis tools report.
 */
public final class RoundFigures {

    private RoundFigures() {}

    /**
     * {@return each round's {@code a / b}}
     *
     * @param a one client's value per round
     * @param b another client's value in the same rounds
     */
    public static double[] ratios(double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] / b[i];
        }
        return r;
    }

    /**
     * {@return their median (the upper one of an even count)}
     *
     * @param values values (not changed)
     */
    public static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /**
     * {@return "min-max"}
     *
     * @param values values (not changed)
     * @param format how each end is written, as for {@link String#format}
     */
    public static String range(double[] values, String format) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        return String.format(Locale.ROOT, format + "-" + format, min, max);
    }

    /**
     * Which client runs {@code k}-th in a round: in the given order in even rounds and reversed in odd ones, so
     * that no client always follows the same one (and inherits its garbage or its cold caches).
     *
     * @param round   the round, from 0
     * @param k       the turn within the round
     * @param clients how many clients take turns
     * @return the client's index
     */
    public static int turn(int round, int k, int clients) {
        return round % 2 == 0 ? k : clients - 1 - k;
    }
}
