package io.quarry.mockserver.internal.products.monitoring;

import io.quarry.mockserver.internal.state.Application;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Samples the JVM (heap, CPU load) and the indices at most once a second, when requests come in, and keeps the
 * averages per bucket of every period's resolution, each period at most its number of points.
 */
final class InfrastructureSampler {

    private static final long SAMPLE_EVERY_MILLIS = 1000;
    private static final double MB = 1024.0 * 1024.0;

    private final Clock clock;
    private final WorkSeries writes;
    private final Application app;
    private final Map<InfrastructurePeriod, Map<InfrastructureMetric, TreeMap<Long, double[]>>> history =
            new EnumMap<>(InfrastructurePeriod.class);
    private long lastSampleMillis = Long.MIN_VALUE;

    /** One point: bucket start in seconds, the averaged value. */
    record Point(long timeSeconds, double value) {}

    /**
     * @param clock the server's clock
     * @param writes the indexing work: its average time is the average build time
     * @param app the application: the heap its records take, by its record budget, is the indexing RAM
     */
    InfrastructureSampler(Clock clock, WorkSeries writes, Application app) {
        this.clock = clock;
        this.writes = writes;
        this.app = app;
        clear();
    }

    synchronized void clear() {
        history.clear();
        for (InfrastructurePeriod period : InfrastructurePeriod.values()) {
            Map<InfrastructureMetric, TreeMap<Long, double[]>> perMetric = new EnumMap<>(InfrastructureMetric.class);
            for (InfrastructureMetric metric : InfrastructureMetric.values()) {
                perMetric.put(metric, new TreeMap<>());
            }
            history.put(period, perMetric);
        }
        lastSampleMillis = Long.MIN_VALUE;
    }

    /**
     * Takes a sample unless one was taken less than a second ago, or the JVM's gauges are not fetched yet (an
     * answered request's sample is then left to later ones).
     */
    void sampleIfDue() {
        if (!JvmGauges.ready()) {
            return;
        }
        long now = clock.millis();
        synchronized (this) {
            if (lastSampleMillis != Long.MIN_VALUE
                    && now - lastSampleMillis < SAMPLE_EVERY_MILLIS
                    && now >= lastSampleMillis) {
                return;
            }
            lastSampleMillis = now;
        }
        Map<InfrastructureMetric, Double> values = new EnumMap<>(InfrastructureMetric.class);
        double avgBuildSeconds = writes.averageMillis() / 1000.0;
        // the heap the records take by the record budget's estimate: each store once (a replica sharing its
        // primary's, a move's records held by both indices for a moment), never waiting for a write
        long indexBytes = app.recordBudget().used();
        values.put(InfrastructureMetric.AVG_BUILD_TIME, Math.round(avgBuildSeconds * 1000) / 1000.0);
        values.put(InfrastructureMetric.SSD_USAGE, 0.0);
        values.put(InfrastructureMetric.RAM_SEARCH_USAGE, (double) Math.round(JvmGauges.heapUsed() / MB));
        values.put(InfrastructureMetric.RAM_INDEXING_USAGE, (double) Math.round(indexBytes / MB));
        values.put(InfrastructureMetric.CPU_USAGE, (double) Math.round(100 - 100 * JvmGauges.cpuLoad()));
        record(now, values);
    }

    private synchronized void record(long now, Map<InfrastructureMetric, Double> values) {
        for (InfrastructurePeriod period : InfrastructurePeriod.values()) {
            long bucket = now - Math.floorMod(now, period.resolutionMillis());
            long oldest = bucket - (period.points() - 1L) * period.resolutionMillis();
            for (Map.Entry<InfrastructureMetric, TreeMap<Long, double[]>> e :
                    history.get(period).entrySet()) {
                double[] sum = e.getValue().computeIfAbsent(bucket, t -> new double[2]);
                sum[0] += values.get(e.getKey());
                sum[1]++;
                e.getValue().headMap(oldest).clear();
            }
        }
    }

    /** {@return exactly the period's number of points, oldest first; a bucket without a sample repeats a neighbour's} */
    List<Point> points(InfrastructureMetric metric, InfrastructurePeriod period) {
        JvmGauges.load();
        sampleIfDue();
        synchronized (this) {
            TreeMap<Long, double[]> buckets = history.get(period).get(metric);
            long now = clock.millis();
            long last = now - Math.floorMod(now, period.resolutionMillis());
            long first = last - (period.points() - 1L) * period.resolutionMillis();
            double carried =
                    buckets.isEmpty() ? 0 : average(buckets.firstEntry().getValue());
            List<Point> points = new ArrayList<>(period.points());
            for (int i = 0; i < period.points(); i++) {
                long t = first + i * period.resolutionMillis();
                double[] sum = buckets.get(t);
                if (sum != null) {
                    carried = average(sum);
                }
                points.add(new Point(Math.floorDiv(t, 1000), carried));
            }
            return points;
        }
    }

    private static double average(double[] sum) {
        return sum[0] / sum[1];
    }
}
