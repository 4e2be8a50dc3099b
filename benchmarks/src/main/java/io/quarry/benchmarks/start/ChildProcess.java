package io.quarry.benchmarks.start;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Runs one contender in a fresh JVM until its first answer and collects its figures. A thread reads the child's
 * output (standard output and error) into a queue, so the child never waits on a full pipe while the driver makes
 * the standalone jar's request.
 */
final class ChildProcess {

    /** What the standalone jar prints once it listens, followed by its URL. */
    private static final String LISTENING = "listening on ";
    /** Put in the queue when the child's output ends. */
    private static final String END = new String("end of output");
    /** The longest a child may take to answer. */
    private static final long TIMEOUT_SECONDS = 60;

    private ChildProcess() {}

    /**
     * Runs a child to its answer, then ends it.
     *
     * @param contender what runs
     * @param flags JVM flags
     * @return its figures
     */
    static StartRun run(Contender contender, List<String> flags) {
        List<String> command = contender.command(flags);
        BlockingQueue<String> output = new LinkedBlockingQueue<>();
        List<String> lines = new ArrayList<>();
        Process process = null;
        try {
            long start = System.nanoTime();
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
            read(process, output);
            double answer = Double.NaN;
            double cpu = Double.NaN;
            int beforeAnswer = -1;
            for (String line = take(output, command, lines); line != END; line = take(output, command, lines)) {
                if (contender.inProcess() && line.equals(FirstAnswer.ANSWERED)) {
                    answer = (System.nanoTime() - start) / 1e6;
                    cpu = cpuMillis(process);
                    beforeAnswer = lines.size();
                    process.getOutputStream().close();
                } else if (contender.inProcess() && line.startsWith(FirstAnswer.RESULT_PREFIX)) {
                    String[] f = line.substring(FirstAnswer.RESULT_PREFIX.length())
                            .trim()
                            .split(" ");
                    int exit = process.waitFor();
                    if (exit != 0) {
                        throw failure(command, "exited with " + exit, lines);
                    }
                    if (beforeAnswer < 0) {
                        throw failure(command, "reported before answering", lines);
                    }
                    return new StartRun(
                            answer,
                            cpu,
                            Double.parseDouble(f[0]),
                            Double.parseDouble(f[1]),
                            List.copyOf(lines.subList(0, beforeAnswer)));
                } else if (!contender.inProcess() && line.startsWith(LISTENING)) {
                    int port = Integer.parseInt(
                            line.substring(line.lastIndexOf(':') + 1).trim());
                    FirstAnswer.get(port, null);
                    answer = (System.nanoTime() - start) / 1e6;
                    cpu = cpuMillis(process);
                    List<String> before = new ArrayList<>(lines);
                    output.drainTo(before);
                    return new StartRun(answer, cpu, Double.NaN, Double.NaN, before);
                }
                lines.add(line);
            }
            throw failure(command, "ended before answering", lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            if (process != null) {
                stop(process);
            }
        }
    }

    private static void read(Process process, BlockingQueue<String> output) {
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader in = new BufferedReader(
                            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                        for (String line = in.readLine(); line != null; line = in.readLine()) {
                            output.add(line);
                        }
                    } catch (IOException e) {
                        // the process is gone
                    } finally {
                        output.add(END);
                    }
                },
                "child-output");
        reader.setDaemon(true);
        reader.start();
    }

    private static String take(BlockingQueue<String> output, List<String> command, List<String> lines)
            throws InterruptedException {
        String line = output.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (line == null) {
            throw failure(command, "did not answer within " + TIMEOUT_SECONDS + " s", lines);
        }
        return line;
    }

    private static double cpuMillis(Process process) {
        return process.info().totalCpuDuration().map(d -> d.toNanos() / 1e6).orElse(Double.NaN);
    }

    /** Ends a child: SIGTERM (the standalone jar stops cleanly), then a kill if it lingers. */
    private static void stop(Process process) {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static IllegalStateException failure(List<String> command, String what, List<String> lines) {
        return new IllegalStateException(String.join(" ", command) + " " + what + ":\n" + String.join("\n", lines));
    }
}
