package io.quarry.benchmarks.coldstart;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts one child JVM (this JVM's {@code java}, the given flags, this JVM's class path) running a first-search
 * program, and collects its output and the wall time from process start to exit.
 */
public final class ChildJvm {

    private static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();

    private ChildJvm() {}

    /**
     * The output of one child.
     *
     * @param lines everything it printed (standard output and error), in order
     * @param answerMillis from just before the process was started to its {@link FirstSearch#ANSWERED} line, as
     *     this JVM saw it
     * @param cpuMillis the CPU time of the whole process (every thread: the program's, the JIT compilers', the
     *     garbage collector's) when it printed that line; it moves less than wall time on a loaded machine
     * @param wallMillis from just before the process was started to its exit
     */
    public record Output(List<String> lines, double answerMillis, double cpuMillis, double wallMillis) {

        /** {@return the phases the child printed, with the wall time} */
        public Timings timings() {
            for (String line : lines) {
                if (line.startsWith(FirstSearch.RESULT_PREFIX)) {
                    String[] f = line.substring(FirstSearch.RESULT_PREFIX.length())
                            .trim()
                            .split(" ");
                    if (Integer.parseInt(f[4]) != FirstSearch.HITS) {
                        throw new IllegalStateException("the child decoded " + f[4] + " named hits, not "
                                + FirstSearch.HITS + ":\n" + String.join("\n", lines));
                    }
                    return new Timings(
                            Double.parseDouble(f[0]),
                            Double.parseDouble(f[1]),
                            Double.parseDouble(f[2]),
                            Double.parseDouble(f[3]),
                            answerMillis,
                            cpuMillis,
                            wallMillis);
                }
            }
            throw new IllegalStateException("the child printed no timings:\n" + String.join("\n", lines));
        }
    }

    /**
     * The phases of one run, in milliseconds.
     *
     * @param jvmToMain JVM start to {@code main}
     * @param create creating the client
     * @param firstSearch the first search, decoded
     * @param total JVM start to the answer
     * @param startToAnswer process start to the answer, measured by the driver (includes the launcher)
     * @param cpu CPU time of the process until the answer, every thread (10 ms resolution)
     * @param wall process start to exit, measured by the driver
     */
    public record Timings(
            double jvmToMain,
            double create,
            double firstSearch,
            double total,
            double startToAnswer,
            double cpu,
            double wall) {

        /** The names of the phases, in the order of {@link #values()}. */
        static final List<String> PHASES =
                List.of("jvmToMain", "create", "firstSearch", "total", "startToAnswer", "cpuToAnswer", "wall");

        /** {@return the phases in the order of {@link #PHASES}} */
        double[] values() {
            return new double[] {jvmToMain, create, firstSearch, total, startToAnswer, cpu, wall};
        }
    }

    /**
     * Runs a child to its end.
     *
     * @param flags JVM flags
     * @param mainClass the program
     * @param programArgs the program's arguments (the canned server's URL first)
     * @return its output
     */
    static Output run(List<String> flags, Class<?> mainClass, List<String> programArgs) {
        return run(flags, System.getProperty("java.class.path"), mainClass, programArgs);
    }

    /**
     * Runs a child on another class path (another build of the SDK) to its end.
     *
     * @param flags JVM flags
     * @param classPath the child's class path
     * @param mainClass the program
     * @param programArgs the program's arguments (the canned server's URL first)
     * @return its output
     */
    public static Output run(List<String> flags, String classPath, Class<?> mainClass, List<String> programArgs) {
        List<String> command = new ArrayList<>();
        command.add(JAVA);
        command.addAll(flags);
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass.getName());
        command.addAll(programArgs);
        List<String> lines = new ArrayList<>();
        try {
            long start = System.nanoTime();
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            double answer = Double.NaN;
            double cpu = Double.NaN;
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    lines.add(line);
                    if (line.equals(FirstSearch.ANSWERED)) {
                        answer = (System.nanoTime() - start) / 1e6;
                        // the child waits for its input to end before it reads its start time and prints
                        cpu = process.info()
                                .totalCpuDuration()
                                .map(d -> d.toNanos() / 1e6)
                                .orElse(Double.NaN);
                        process.getOutputStream().close();
                    }
                }
            }
            int exit = process.waitFor();
            double wall = (System.nanoTime() - start) / 1e6;
            if (exit != 0) {
                throw new IllegalStateException(
                        String.join(" ", command) + " exited with " + exit + ":\n" + String.join("\n", lines));
            }
            return new Output(lines, answer, cpu, wall);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
