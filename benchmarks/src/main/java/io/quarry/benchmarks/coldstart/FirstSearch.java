package io.quarry.benchmarks.coldstart;

import java.io.IOException;
import java.lang.management.ManagementFactory;

/**
 * What both child programs share: the call they make and the line they print. It uses the JDK only, so that it
 * loads nothing of either client.
 *
 * <p>The printed line is {@value #RESULT_PREFIX} followed by {@code jvmToMain create firstSearch total hits},
 * durations in milliseconds: from JVM start (when the JVM began to be created) to {@code main}, creating the
 * client, the first search (building the query, the call, the typed decoding), and from JVM start to the answer.
 * {@value #ANSWERED} is printed on a line of its own just before, and the child then waits until its standard
 * input has a byte or ends: the driver reads the process's CPU time at that point, and the class census counts the
 * classes loaded until then.
 */
final class FirstSearch {

    /** The line prefix of the timings. */
    static final String RESULT_PREFIX = "coldstart-result ";
    /** Printed as soon as the answer is decoded, before anything else runs. */
    static final String ANSWERED = "coldstart-answered";
    /** The index searched. */
    static final String INDEX = "products";
    /** The query text. */
    static final String QUERY = "wireless";
    /** Hits asked for (the canned answer has 20). */
    static final int HITS = 20;
    /** The application ID sent. */
    static final String APP_ID = "BENCHAPP";
    /** The API key sent. */
    static final String API_KEY = "bench-key-not-a-secret";

    private FirstSearch() {}

    /**
     * Prints the timings. The JVM's start time is read only now: the management classes it needs load after the
     * measured work.
     *
     * @param mainAtMillis wall-clock time at the start of {@code main}
     * @param mainNanos {@link System#nanoTime()} at the start of {@code main}
     * @param createdNanos after the client was created
     * @param answeredNanos after the first answer was decoded
     * @param checksum what the child read from the typed hits (a count), printed so that the work is not dead
     */
    static void report(long mainAtMillis, long mainNanos, long createdNanos, long answeredNanos, int checksum) {
        System.out.println(ANSWERED);
        System.out.flush();
        try {
            System.in.read();
        } catch (IOException e) {
            // the driver is gone: go on
        }
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        double jvmToMain = mainAtMillis - jvmStart;
        double create = (createdNanos - mainNanos) / 1e6;
        double search = (answeredNanos - createdNanos) / 1e6;
        System.out.println(RESULT_PREFIX + jvmToMain + " " + create + " " + search + " " + (jvmToMain + create + search)
                + " " + checksum);
        System.out.flush();
    }
}
