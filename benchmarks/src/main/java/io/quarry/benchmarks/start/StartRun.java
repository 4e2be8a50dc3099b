package io.quarry.benchmarks.start;

import java.util.List;

/**
 * One fresh JVM's figures, in milliseconds.
 *
 * @param startToAnswer from just before the process was started to its first answer, seen by the driver (the
 *     figure every contender has, launcher included)
 * @param cpuToAnswer the CPU time of the whole process (every thread) when the driver saw the answer
 * @param jvmToMain from JVM start to {@code main}, as the child saw it; NaN for the standalone jar
 * @param jvmToAnswer from JVM start to the answer, as the child saw it; NaN for the standalone jar
 * @param lines everything the child printed up to its answer
 */
record StartRun(double startToAnswer, double cpuToAnswer, double jvmToMain, double jvmToAnswer, List<String> lines) {

    /** The names of the figures, in the order of {@link #values()}. */
    static final List<String> FIGURES = List.of("startToAnswer", "jvmToAnswer", "jvmToMain", "cpuToAnswer");

    /** {@return the figures in the order of {@link #FIGURES}} */
    double[] values() {
        return new double[] {startToAnswer, jvmToAnswer, jvmToMain, cpuToAnswer};
    }
}
