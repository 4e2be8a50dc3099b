package io.quarry.monitoring.model;

/** The infrastructure metrics one can ask for; {@link #ALL} asks for every one in one call. */
public enum InfrastructureMetric {
    /** Average time to build an index, in seconds. */
    AVG_BUILD_TIME("avg_build_time"),
    /** Disk usage against RAM usage, in percent. */
    SSD_USAGE("ssd_usage"),
    /** RAM used for searching, in MB. */
    RAM_SEARCH_USAGE("ram_search_usage"),
    /** RAM used for indexing, in MB. */
    RAM_INDEXING_USAGE("ram_indexing_usage"),
    /** CPU idleness in percent: 0 means the CPU was never idle. */
    CPU_USAGE("cpu_usage"),
    /** Every metric. */
    ALL("*");

    private final String wireName;

    InfrastructureMetric(String wireName) {
        this.wireName = wireName;
    }

    /** {@return the name the service uses in paths and answers} */
    public String wireName() {
        return wireName;
    }

    @Override
    public String toString() {
        return wireName;
    }
}
