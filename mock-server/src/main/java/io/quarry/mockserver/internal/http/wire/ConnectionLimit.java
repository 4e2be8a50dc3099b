package io.quarry.mockserver.internal.http.wire;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * How many connections may be open at once. Each holds a platform thread, whose memory is outside the heap: in a
 * container with a small memory limit (128 or 256 MB), where the JVM gives half of it to the heap, a few thousand
 * connections would take more than the rest and the kernel would kill the server. So the limit is 4,096, or fewer:
 * as many as the memory the process may have besides its heap and the JVM's own needs holds.
 *
 * <p>What one connection may hold outside the heap, measured on JDK 25 (x64): its thread, that is the stack pages its
 * frames have touched with the JVM's and the kernel's share (about 110 KB each with 1,000 requests held open, where a
 * bare parked thread takes 50 KB; a smaller {@code -Xss} saves little, as the pages are touched, not reserved), the
 * direct buffer the JDK's socket reads and writes copy through (up to 128 KB, kept for the thread's life), and a
 * worker thread that may run its handler.
 */
public final class ConnectionLimit {

    /** The most connections open at once, whatever the memory. */
    static final int MOST = 4_096;

    /** The fewest: a server whose heap leaves no room still serves this many; no start pays for sizing up to it. */
    static final int LEAST = 16;

    /** The JVM's own memory outside the heap: class metadata, compiled code, the collector, its threads. */
    static final long JVM_BYTES = 48L * 1024 * 1024;

    /** Outside the heap, per connection: two thread stacks (its own and a worker's) and a socket buffer. */
    static final long CONNECTION_BYTES = 3 * 128L * 1024;

    private final int fixed;
    private volatile int sized;

    private ConnectionLimit(int fixed) {
        this.fixed = fixed;
    }

    /**
     * {@return a limit of {@code most} connections, whatever the memory}
     *
     * @param most how many may be open at once
     */
    public static ConnectionLimit of(int most) {
        return new ConnectionLimit(most);
    }

    /**
     * {@return the limit sized to this process's memory, at most {@link #MOST}; sized the first time more than
     *     {@link #LEAST} connections are open}
     */
    public static ConnectionLimit sizedToMemory() {
        return new ConnectionLimit(0);
    }

    /**
     * {@return whether this many connections may be open at once}
     *
     * @param open how many would be open, the one asking included
     */
    boolean admits(int open) {
        return open <= (fixed > 0 ? fixed : LEAST) || open <= most();
    }

    /** {@return how many connections may be open at once} */
    public int most() {
        if (fixed > 0) {
            return fixed;
        }
        int most = sized;
        if (most == 0) {
            // once, on the accepting thread, past the fewest connections: no start pays for the management beans
            most = forMemory(totalMemory(), Runtime.getRuntime().maxMemory());
            sized = most;
        }
        return most;
    }

    /**
     * {@return how many connections fit in the memory a process may have outside its heap, between {@link #LEAST}
     *     and {@link #MOST}}
     *
     * @param totalBytes the memory the process may have: its control group's limit, else the machine's ({@code 0} when
     *     not known: then {@link #MOST})
     * @param maxHeapBytes the heap's limit, {@link Runtime#maxMemory()}
     */
    static int forMemory(long totalBytes, long maxHeapBytes) {
        if (totalBytes <= 0) {
            return MOST;
        }
        long room = totalBytes - Math.min(maxHeapBytes, totalBytes) - JVM_BYTES;
        return (int) Math.max(LEAST, Math.min(MOST, room / CONNECTION_BYTES));
    }

    /**
     * {@return the memory the process may have: the smaller of the JVM's figure (a container's limit when it sees
     *     one, else the machine's memory) and the control group's limit read from the kernel's files, which the JVM
     *     misses on some kernels ({@link CgroupMemoryLimit} says which); 0 when neither is known}
     */
    private static long totalMemory() {
        return smaller(jvmTotalMemory(), CgroupMemoryLimit.read(Path.of("/")));
    }

    /**
     * {@return the smaller of the two figures, either of which may be missing; 0 when both are}
     *
     * @param jvmBytes what the JVM says the process may have, {@code 0} when not known
     * @param cgroupLimit the control group's limit, empty when none
     */
    static long smaller(long jvmBytes, OptionalLong cgroupLimit) {
        if (cgroupLimit.isEmpty()) {
            return jvmBytes;
        }
        return jvmBytes > 0 ? Math.min(jvmBytes, cgroupLimit.getAsLong()) : cgroupLimit.getAsLong();
    }

    /** {@return the container's memory limit as the JVM sees it, else the machine's memory; 0 when not known} */
    private static long jvmTotalMemory() {
        try {
            OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
            return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getTotalMemorySize() : 0;
        } catch (LinkageError noManagement) {
            // a runtime linked without java.management or jdk.management: asked on the accepting thread, which
            // must not fail for it
            return 0;
        }
    }
}
