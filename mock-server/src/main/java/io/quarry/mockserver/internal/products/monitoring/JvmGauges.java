package io.quarry.mockserver.internal.products.monitoring;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.OperatingSystemMXBean;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The JVM's own gauges the infrastructure metrics read: heap in use and the process's CPU load. The platform beans
 * behind them cost a fresh JVM some 150 classes and tens of milliseconds, so they are fetched on a thread of their
 * own when first wanted by an answered request ({@link #ready()}), never on the request path, nor while the server
 * starts; a read of the metrics fetches them at once ({@link #load()}).
 */
final class JvmGauges {

    private static final AtomicBoolean FETCHING = new AtomicBoolean();
    private static volatile boolean loaded;

    private JvmGauges() {}

    /** Fetches the beans now, if no one has. */
    static void load() {
        Objects.requireNonNull(Beans.OS);
        loaded = true;
    }

    /** {@return whether the beans are fetched; if not, starts fetching them on a daemon thread of its own} */
    static boolean ready() {
        if (loaded) {
            return true;
        }
        if (FETCHING.compareAndSet(false, true)) {
            Thread fetch = new Thread(JvmGauges::load, "quarry-jvm-gauges");
            fetch.setDaemon(true);
            fetch.start();
        }
        return false;
    }

    /** {@return the bytes of heap in use} */
    static long heapUsed() {
        return Beans.MEMORY.getHeapMemoryUsage().getUsed();
    }

    /** {@return the process's recent CPU load from 0 to 1, or the system load per core when the JVM has none} */
    static double cpuLoad() {
        if (Beans.OS instanceof com.sun.management.OperatingSystemMXBean sun) {
            double load = sun.getProcessCpuLoad();
            if (load >= 0) {
                return Math.min(1, load);
            }
        }
        double average = Beans.OS.getSystemLoadAverage();
        return average < 0 ? 0 : Math.min(1, average / Math.max(1, Beans.OS.getAvailableProcessors()));
    }

    /** The beans, fetched when this class is first used. */
    private static final class Beans {
        static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();
        static final OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

        private Beans() {}
    }
}
