package io.quarry.mockserver.internal.journal;

import io.quarry.mockserver.internal.http.IndexNames;
import io.quarry.mockserver.internal.http.wire.CloseReason;
import io.quarry.mockserver.internal.json.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Counters of the last {@value #SECONDS} seconds, one bucket a second, in a ring made once: answers by status class,
 * a histogram of their durations (for the median and the 99th percentile), operations per index, and connections
 * closed without an answer by {@link CloseReason} (those with a request under way also count as "none", no answer). A
 * second's bucket is made the first time the ring comes to it, and reused from then on: recording allocates nothing
 * once the ring is full and each second's table of names has grown to its busiest. The ring takes at most about 460
 * KB whatever the traffic, plus the tables of names (their first {@value #NAME_CHARS} characters), grown by doubling.
 *
 * <p>Operations per index: each second counts its first {@value #INDICES_PER_SECOND} indices by name, and past those
 * every index a key with the {@code logs} right is restricted to ({@link ListedIndices}: by its name, or by a pattern,
 * each pattern naming {@value #INDICES_PER_SECOND} more a second, and the restrictions of the secured keys that read
 * the charts last); the rest are counted together. A name longer than {@value #NAME_CHARS} characters is kept whole
 * when a list names it (the list's own copy) or a pattern does, so a key restricted to it is charted its line, and is
 * otherwise kept as its start, marked as cut and charted for the keys that may see every index only. So a key restricted
 * to some indices is charted each of its own however many others are busy, and the names a second keeps are bounded
 * by the keys' own lists: {@value #INDICES_PER_SECOND} plus the names and {@value #INDICES_PER_SECOND} a pattern, about
 * 3 MB in all when each of the {@value #SECONDS} seconds saw {@value #INDICES_PER_SECOND} indices of long names, and
 * at most about 170 bytes more each second for each other name listed and busy in it. A name past the first
 * {@value #INDICES_PER_SECOND} is looked up in the keys' lists at its first answer of a second, and at each answer when
 * no key lists it: a set look-up, and each listed pattern matched.
 */
public final class Traffic {

    /** How many seconds are kept. */
    public static final int SECONDS = 600;
    /** How many indices a second counts by name whatever they are, and how many more each listed pattern names. */
    static final int INDICES_PER_SECOND = 32;
    /** The most characters of an index's name kept: a chart's legend shows no more, and a path may be 64 KB. */
    static final int NAME_CHARS = 100;
    /** How many indices a second's table holds before it first grows. */
    static final int NAMES_AT_FIRST = 8;
    /** How many indices a chart draws. */
    static final int LINES = 8;
    /** What follows the start of a name cut. */
    static final String CUT = "…";
    /** The name the indices past those are counted under. */
    static final String OTHER_INDICES = "(other indices)";
    /** Status classes: 0 for no answer (a closed connection), then 1xx to 5xx. */
    private static final String[] CLASSES = {"none", "1xx", "2xx", "3xx", "4xx", "5xx"};
    /** Four bins a doubling of microseconds: a percentile is known within a fifth of itself, up to about 70 min. */
    private static final int BINS_PER_DOUBLING = 4;

    private static final int BINS = 32 * BINS_PER_DOUBLING;

    private static final CloseReason[] REASONS = CloseReason.values();

    private final Second[] ring = new Second[SECONDS];
    private final ListedIndices listed;

    /** @param listed the indices that keys restricted to them list: each counted by name */
    Traffic(ListedIndices listed) {
        this.listed = listed;
    }

    /** One second's counters, cleared when the ring comes round to it again. */
    private static final class Second {
        long epochSecond = -1;
        final int[] byClass = new int[CLASSES.length];
        final int[] durations = new int[BINS];
        /** The names counted, {@code named} of them, with their hashes (a quick test before equals) and counts. */
        String[] indices = new String[NAMES_AT_FIRST];

        int[] hashes = new int[NAMES_AT_FIRST];
        int[] indexOps = new int[NAMES_AT_FIRST];
        /** Whether each name is the start of a longer one, followed by {@link #CUT}. */
        boolean[] cut = new boolean[NAMES_AT_FIRST];

        int named;
        /** How many names each listed pattern added past the first {@value #INDICES_PER_SECOND}. */
        int[] byPattern = new int[0];

        int other;
        final int[] unanswered = new int[REASONS.length];

        void startAt(long second) {
            epochSecond = second;
            java.util.Arrays.fill(byClass, 0);
            java.util.Arrays.fill(unanswered, 0);
            java.util.Arrays.fill(durations, 0);
            java.util.Arrays.fill(indices, null);
            java.util.Arrays.fill(indexOps, 0);
            java.util.Arrays.fill(byPattern, 0);
            named = 0;
            other = 0;
        }

        void countIndex(String index, ListedIndices listed) {
            if (index.length() > NAME_CHARS) {
                countLongName(index, listed);
                return;
            }
            int hash = index.hashCode();
            int at = findWhole(index, hash);
            if (at >= 0) {
                indexOps[at]++;
            } else if (named < INDICES_PER_SECOND || listedWithRoom(index, listed)) {
                add(index, hash, false);
            } else {
                other++;
            }
        }

        /**
         * Counts a name longer than {@value #NAME_CHARS} characters: whole when a list names it (as the list holds
         * it) or a pattern with room matches it, so that a key restricted to it is charted its line; else cut and
         * marked as cut, apart from any index whose name is that start, and shown to no key restricted to some
         * indices (the start alone cannot tell whether the key may see it).
         */
        private void countLongName(String index, ListedIndices listed) {
            int hash = index.hashCode();
            int at = findWhole(index, hash);
            if (at >= 0) {
                indexOps[at]++;
                return;
            }
            if (index.length() <= IndexNames.MAX_BYTES) { // longer is no index a key may use
                String asListed = listed.listedName(index);
                if (asListed != null) {
                    add(asListed, hash, false);
                    return;
                }
                if (listedWithRoom(index, listed)) {
                    add(index, hash, false);
                    return;
                }
            }
            at = findCut(index);
            if (at >= 0) {
                indexOps[at]++;
            } else if (named < INDICES_PER_SECOND) {
                String start = index.substring(0, NAME_CHARS) + CUT;
                add(start, start.hashCode(), true);
            } else {
                other++;
            }
        }

        /** {@return where the start of that long name is counted, cut, or -1} Compared in place: no copy. */
        private int findCut(String index) {
            for (int i = 0; i < named; i++) {
                if (cut[i] && index.regionMatches(0, indices[i], 0, NAME_CHARS)) {
                    return i;
                }
            }
            return -1;
        }

        private int findWhole(String name, int hash) {
            for (int i = 0; i < named; i++) {
                if (hashes[i] == hash && !cut[i] && indices[i].equals(name)) {
                    return i;
                }
            }
            return -1;
        }

        private void add(String name, int hash, boolean wasCut) {
            if (named == indices.length) {
                // kept once grown: the ring stops allocating when every second has seen its busiest traffic
                indices = java.util.Arrays.copyOf(indices, named * 2);
                hashes = java.util.Arrays.copyOf(hashes, named * 2);
                indexOps = java.util.Arrays.copyOf(indexOps, named * 2);
                cut = java.util.Arrays.copyOf(cut, named * 2);
            }
            indices[named] = name;
            hashes[named] = hash;
            indexOps[named] = 1;
            cut[named] = wasCut;
            named++;
        }

        /** {@return whether a key lists the index, by name or by a pattern that may name one more this second} */
        private boolean listedWithRoom(String index, ListedIndices listed) {
            if (byPattern.length < listed.patterns()) {
                byPattern = java.util.Arrays.copyOf(byPattern, listed.patterns());
            }
            int found = listed.find(
                    index, pattern -> pattern < byPattern.length && byPattern[pattern] < INDICES_PER_SECOND);
            if (found >= 0) {
                byPattern[found]++;
            }
            return found != ListedIndices.NOT_LISTED;
        }
    }

    /**
     * Counts one answer.
     *
     * @param nowMillis when it was answered
     * @param status its status, 0 for none
     * @param micros how long it took
     * @param index the index it was about, or {@code null}
     */
    synchronized void record(long nowMillis, int status, long micros, String index) {
        Second second = secondAt(nowMillis);
        if (second == null) {
            return;
        }
        int statusClass = status >= 100 && status < 600 ? status / 100 : 0;
        second.byClass[statusClass]++;
        second.durations[bin(micros)]++;
        if (index != null) {
            second.countIndex(index, listed);
        }
    }

    /**
     * Counts a connection closed without an answer.
     *
     * @param nowMillis when it was closed
     * @param reason why
     */
    synchronized void recordUnanswered(long nowMillis, CloseReason reason) {
        Second second = secondAt(nowMillis);
        if (second == null) {
            return;
        }
        second.unanswered[reason.ordinal()]++;
        if (reason.requestUnderWay()) {
            second.byClass[0]++;
        }
    }

    /** {@return the bucket of that time, started anew if the ring comes round to it; null when older than the ring} */
    private Second secondAt(long nowMillis) {
        long epochSecond = Math.floorDiv(nowMillis, 1000);
        int slot = (int) Math.floorMod(epochSecond, (long) SECONDS);
        Second second = ring[slot];
        if (second == null) {
            second = new Second();
            ring[slot] = second;
        }
        if (second.epochSecond != epochSecond) {
            if (second.epochSecond > epochSecond) {
                return null; // too late to count
            }
            second.startAt(epochSecond);
        }
        return second;
    }

    static int bin(long micros) {
        if (micros < 1) {
            return 0;
        }
        double doublings = Math.log(micros + 1.0) / Math.log(2);
        return (int) Math.min(BINS - 1, Math.floor(doublings * BINS_PER_DOUBLING));
    }

    /** {@return the upper bound of a bin, in milliseconds} */
    static double binMillis(int bin) {
        return (Math.pow(2, (bin + 1) / (double) BINS_PER_DOUBLING) - 1) / 1000.0;
    }

    /**
     * Names, from now on, each index a secured key restricted to some indices may see, past the first
     * {@value #INDICES_PER_SECOND} of a second, as those a key lists ({@link ListedIndices#watchedBy}).
     *
     * @param restrictIndices the secured key's {@code restrictIndices}
     */
    public synchronized void watchedBy(List<String> restrictIndices) {
        listed.watchedBy(restrictIndices);
    }

    /**
     * {@return the series of the last seconds, for a caller who may see every index: {@link #series(long, int,
     *     Predicate)} with every index shown, the starts of names cut and the other indices included}
     *
     * @param nowMillis the time now
     * @param seconds how many seconds, at most {@value #SECONDS}
     */
    public ObjectNode series(long nowMillis, int seconds) {
        return series(nowMillis, seconds, name -> true, true);
    }

    /**
     * {@return the series of the last seconds, oldest first, as the charts read them: {@code seconds}, counts
     *     {@code byStatus} class, {@code p50Ms} and {@code p99Ms} (null for a second without answers) and
     *     {@code byIndex} (the shown indices busiest over the window, at most {@value #LINES}) and
     *     {@code unanswered}, the connections closed without an answer by reason (only the reasons seen in the
     *     window)}
     *
     * @param nowMillis the time now
     * @param seconds how many seconds, at most {@value #SECONDS}
     * @param shown which indices may be charted, by their whole names (the busiest of those are: a key restricted to
     *     an index sees its line however busy the others); the start of a name cut and the other indices counted
     *     together are not, since whose indices they hold is unknown
     */
    public ObjectNode series(long nowMillis, int seconds, Predicate<String> shown) {
        return series(nowMillis, seconds, shown, false);
    }

    private synchronized ObjectNode series(long nowMillis, int seconds, Predicate<String> shown, boolean everyIndex) {
        int count = Math.max(1, Math.min(SECONDS, seconds));
        long newest = Math.floorDiv(nowMillis, 1000);
        ObjectNode out = Json.object();
        out.put("newestSecond", newest);
        ArrayNode times = out.putArray("seconds");
        ObjectNode byStatus = out.putObject("byStatus");
        ArrayNode[] classes = new ArrayNode[CLASSES.length];
        for (int c = 0; c < CLASSES.length; c++) {
            classes[c] = byStatus.putArray(CLASSES[c]);
        }
        ArrayNode p50 = out.putArray("p50Ms");
        ArrayNode p99 = out.putArray("p99Ms");
        // each name's total over the window first, its series for the busiest alone: the seconds may name thousands
        // of indices (32 a second of names that change, over ten minutes), and a series for each would be megabytes
        // made anew at every refresh of every chart shown
        Map<String, long[]> totals = new HashMap<>();
        Set<String> unnamed = new HashSet<>();
        long[][] unanswered = new long[REASONS.length][];
        for (int i = 0; i < count; i++) {
            long epochSecond = newest - count + 1 + i;
            Second second = ring[(int) Math.floorMod(epochSecond, (long) SECONDS)];
            boolean live = second != null && second.epochSecond == epochSecond;
            times.add(epochSecond);
            for (int c = 0; c < CLASSES.length; c++) {
                classes[c].add(live ? second.byClass[c] : 0);
            }
            addPercentile(p50, live ? second.durations : null, 0.50);
            addPercentile(p99, live ? second.durations : null, 0.99);
            for (int r = 0; live && r < REASONS.length; r++) {
                if (second.unanswered[r] > 0) {
                    if (unanswered[r] == null) {
                        unanswered[r] = new long[count];
                    }
                    unanswered[r][i] = second.unanswered[r];
                }
            }
            if (live) {
                for (int x = 0; x <= second.named; x++) {
                    String name = x < second.named ? second.indices[x] : OTHER_INDICES;
                    int ops = x < second.named ? second.indexOps[x] : second.other;
                    if (x == second.named || second.cut[x]) {
                        unnamed.add(name); // no whole name: whose indices it holds is unknown
                    }
                    if (ops > 0) {
                        totals.computeIfAbsent(name, n -> new long[1])[0] += ops;
                    }
                }
            }
        }
        List<String> busiest = new ArrayList<>(totals.keySet());
        busiest.removeIf(name -> unnamed.contains(name) ? !everyIndex : !shown.test(name));
        busiest.sort((a, b) -> Long.compare(totals.get(b)[0], totals.get(a)[0]));
        Map<String, long[]> lines = new HashMap<>();
        for (String name : busiest.subList(0, Math.min(LINES, busiest.size()))) {
            lines.put(name, new long[count]);
        }
        fillLines(lines, newest, count);
        ObjectNode byIndex = out.putObject("byIndex");
        for (String name : busiest.subList(0, lines.size())) {
            ArrayNode ops = byIndex.putArray(name);
            for (long value : lines.get(name)) {
                ops.add(value);
            }
        }
        ObjectNode byReason = out.putObject("unanswered");
        for (int r = 0; r < REASONS.length; r++) {
            if (unanswered[r] != null) {
                ArrayNode closes = byReason.putArray(REASONS[r].name());
                for (long value : unanswered[r]) {
                    closes.add(value);
                }
            }
        }
        return out;
    }

    /** Adds each second's operations of the lines' indices to their series. */
    private void fillLines(Map<String, long[]> lines, long newest, int count) {
        for (int i = 0; i < count && !lines.isEmpty(); i++) {
            long epochSecond = newest - count + 1 + i;
            Second second = ring[(int) Math.floorMod(epochSecond, (long) SECONDS)];
            if (second == null || second.epochSecond != epochSecond) {
                continue;
            }
            for (int x = 0; x <= second.named; x++) {
                long[] line = lines.get(x < second.named ? second.indices[x] : OTHER_INDICES);
                if (line != null) {
                    line[i] += x < second.named ? second.indexOps[x] : second.other;
                }
            }
        }
    }

    private static void addPercentile(ArrayNode series, int[] durations, double share) {
        long total = 0;
        if (durations != null) {
            for (int n : durations) {
                total += n;
            }
        }
        if (total == 0) {
            series.addNull();
            return;
        }
        long rank = (long) Math.ceil(share * total);
        long seen = 0;
        for (int bin = 0; bin < durations.length; bin++) {
            seen += durations[bin];
            if (seen >= rank) {
                series.add(Math.round(binMillis(bin) * 1000) / 1000.0);
                return;
            }
        }
    }
}
