package io.quarry.benchmarks;

import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns JMH JSON results ({@code -rf json -rff FILE}) into the figures of the README: per benchmark and
 * parameters, the median with min-max over every measured iteration of every fork (p50 and p99 for sample-time
 * runs), {@code gc.alloc.rate.norm} when {@code -prof gc} ran, and the ratio of each {@code quarry*} benchmark to
 * its {@code raw*} twin. The iterations of a benchmark found in several files are pooled, so rounds run one
 * after the other (quarry and raw alternating in time) give one figure each.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar io.quarry.benchmarks.Summary result.json ...}
 */
public final class Summary {

    private Summary() {}

    /**
     * Prints the summary.
     *
     * @param args JMH JSON result files
     */
    public static void main(String[] args) {
        JsonMapper mapper = JsonMapper.builder().build();
        // iterations of the same benchmark in several files (rounds run one after the other) are pooled
        Map<String, List<Double>> scores = new LinkedHashMap<>();
        Map<String, List<Double>> allocationSamples = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        Map<String, Double> medians = new LinkedHashMap<>();
        Map<String, String> sampleLines = new LinkedHashMap<>();
        for (String file : args) {
            for (JsonNode run : mapper.readTree(new File(file))) {
                String name = shortName(run);
                JsonNode primary = run.get("primaryMetric");
                String unit = primary.get("scoreUnit").asString();
                if (run.get("mode").asString().equals("sample")) {
                    JsonNode pct = primary.get("scorePercentiles");
                    sampleLines.put(
                            name,
                            String.format(
                                    Locale.ROOT,
                                    "p50 %s, p99 %s %s",
                                    number(pct.get("50.0").asDouble()),
                                    number(pct.get("99.0").asDouble()),
                                    unit));
                    medians.put(name, pct.get("50.0").asDouble());
                } else {
                    scores.computeIfAbsent(name, k -> new ArrayList<>()).addAll(iterations(primary.get("rawData")));
                    units.put(name, unit);
                }
                JsonNode alloc = run.path("secondaryMetrics").path("gc.alloc.rate.norm");
                if (!alloc.isMissingNode()) {
                    allocationSamples
                            .computeIfAbsent(name, k -> new ArrayList<>())
                            .addAll(iterations(alloc.get("rawData")));
                }
            }
        }
        Map<String, Double> allocations = new LinkedHashMap<>();
        allocationSamples.forEach((name, values) -> allocations.put(name, median(values)));
        scores.forEach((name, values) -> {
            double median = median(values);
            medians.put(name, median);
            String line = String.format(
                    Locale.ROOT,
                    "%s (%s-%s) %s, n=%d",
                    number(median),
                    number(Collections.min(values)),
                    number(Collections.max(values)),
                    units.get(name),
                    values.size());
            System.out.println(name + ": " + line + allocationNote(allocations.get(name)));
        });
        sampleLines.forEach(
                (name, line) -> System.out.println(name + ": " + line + allocationNote(allocations.get(name))));
        printRatios("throughput", medians);
        printRatios("allocation", allocations);
    }

    private static String allocationNote(Double bytes) {
        return bytes == null ? "" : String.format(Locale.ROOT, "; alloc %s B/op", number(bytes));
    }

    private static void printRatios(String what, Map<String, Double> values) {
        values.forEach((name, value) -> {
            int dot = name.indexOf(".quarry");
            if (dot < 0) {
                return;
            }
            int space = name.indexOf(' ');
            String params = space < 0 ? "" : name.substring(space);
            String suffix = name.substring(dot + ".quarry".length(), space < 0 ? name.length() : space);
            String scenario = name.substring(0, dot);
            // every baseline of the same scenario (raw, rawStreamed, rawJackson2); a variant such as
            // quarryWithout... compares with the plain baselines when it has no twin of its own
            List<String> twins = new ArrayList<>(List.of(
                    scenario + ".raw" + suffix + params,
                    scenario + ".rawStreamed" + suffix + params,
                    scenario + ".rawJackson2" + suffix + params));
            if (!values.containsKey(twins.get(0))) {
                twins.add(scenario + ".raw" + params);
                twins.add(scenario + ".rawStreamed" + params);
                twins.add(scenario + ".rawJackson2" + params);
            }
            for (String twin : twins) {
                if (values.containsKey(twin)) {
                    String baseline = twin.substring(scenario.length() + 1, twin.length() - params.length());
                    System.out.printf(
                            Locale.ROOT, "%s %s / %s: %.2fx%n", name, what, baseline, value / values.get(twin));
                }
            }
        });
    }

    private static String shortName(JsonNode run) {
        String[] parts = run.get("benchmark").asString().split("\\.");
        StringBuilder name = new StringBuilder(parts[parts.length - 2] + "." + parts[parts.length - 1]);
        JsonNode params = run.get("params");
        if (params != null) {
            params.properties()
                    .forEach(p -> name.append(' ')
                            .append(p.getKey())
                            .append('=')
                            .append(p.getValue().asString()));
        }
        return name.toString();
    }

    private static List<Double> iterations(JsonNode rawData) {
        List<Double> values = new ArrayList<>();
        rawData.forEach(fork -> fork.forEach(v -> values.add(v.asDouble())));
        return values;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String number(double value) {
        return value >= 100 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.3g", value);
    }
}
