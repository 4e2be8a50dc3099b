package io.quarry.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A chunk listener for the chunked-write tests that keeps every call in the order made ({@code "sent 0"},
 * {@code "acknowledged 0"}, {@code "failed 1"}, {@code "refused 2"} for a sent that threw) and notes any call made
 * while another was still running, then checks
 * the listener's promises: calls one at a time, each chunk sent once before exactly one end, chunks numbered in
 * order.
 */
class ChunkEventLog implements ChunkListener {

    private final List<String> calls = new ArrayList<>();
    private final AtomicBoolean inCall = new AtomicBoolean();
    private volatile boolean overlapped;

    /** Run inside each call, after it is noted: a subclass may block or throw there. */
    protected void during(String call) {}

    @Override
    public void sent(ChunkSent chunk) {
        note("sent " + chunk.index());
    }

    @Override
    public void acknowledged(ChunkAcknowledged chunk) {
        note("acknowledged " + chunk.index());
    }

    @Override
    public void failed(ChunkFailed chunk) {
        note("failed " + chunk.index());
    }

    private void note(String call) {
        if (!inCall.compareAndSet(false, true)) {
            overlapped = true;
        }
        try {
            synchronized (calls) {
                calls.add(call);
            }
            try {
                during(call);
            } catch (RuntimeException e) {
                if (call.startsWith("sent ")) {
                    refused(call);
                }
                throw e;
            }
        } finally {
            inCall.set(false);
        }
    }

    /** A chunk whose sent threw is never sent: noted {@code "refused N"} instead. */
    private void refused(String call) {
        synchronized (calls) {
            calls.set(calls.lastIndexOf(call), "refused " + call.substring("sent ".length()));
        }
    }

    /** {@return the calls so far, in order} */
    List<String> calls() {
        synchronized (calls) {
            return List.copyOf(calls);
        }
    }

    /** {@return whether as many ends were told as chunks sent (see {@link #problems()} for which)} */
    boolean everySentChunkEnded() {
        return ends() == count("sent ");
    }

    private long ends() {
        return count("acknowledged ") + count("failed ");
    }

    private long count(String prefix) {
        return calls().stream().filter(call -> call.startsWith(prefix)).count();
    }

    /** {@return what breaks the listener's promises, empty when nothing does} */
    List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (overlapped) {
            problems.add("two calls ran at the same time");
        }
        Map<Long, String> state = new HashMap<>();
        long nextSent = 0;
        for (String call : calls()) {
            String kind = call.substring(0, call.indexOf(' '));
            long chunk = Long.parseLong(call.substring(call.indexOf(' ') + 1));
            String before = state.put(chunk, kind);
            if (kind.equals("sent") || kind.equals("refused")) {
                if (before != null || chunk != nextSent) {
                    problems.add(call + " out of order (expected sent " + nextSent + ")");
                }
                nextSent = chunk + 1;
            } else if (!"sent".equals(before)) {
                problems.add(call + " after " + (before == null ? "nothing" : before));
            }
        }
        return problems;
    }
}
