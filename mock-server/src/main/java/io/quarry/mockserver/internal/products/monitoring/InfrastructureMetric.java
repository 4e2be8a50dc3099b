package io.quarry.mockserver.internal.products.monitoring;

import java.util.List;
import java.util.Locale;

/** The infrastructure metrics, each read from the mock server's own process. */
enum InfrastructureMetric {
    /** Average time of an indexing request, in seconds. */
    AVG_BUILD_TIME,
    /** Percent of disk against RAM use: 0, the mock server keeps everything in RAM. */
    SSD_USAGE,
    /** Used JVM heap, in MB. */
    RAM_SEARCH_USAGE,
    /** Bytes of the records held by the indices, in MB. */
    RAM_INDEXING_USAGE,
    /** Percent of CPU idleness of the process, 0 meaning never idle. */
    CPU_USAGE;

    static final String ALL = "*";

    String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@return the metrics a name stands for ({@code *} for all), or an empty list for an unknown name} */
    static List<InfrastructureMetric> parse(String name) {
        if (ALL.equals(name)) {
            return List.of(values());
        }
        for (InfrastructureMetric metric : values()) {
            if (metric.wireName().equals(name)) {
                return List.of(metric);
            }
        }
        return List.of();
    }
}
