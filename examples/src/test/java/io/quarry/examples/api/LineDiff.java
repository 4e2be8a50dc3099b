package io.quarry.examples.api;

import java.util.ArrayList;
import java.util.List;

/**
 * The difference between two texts, line by line, in the unified format of {@code diff -u} and {@code git diff}:
 * hunks of removed ({@code -}) and added ({@code +}) lines with a few unchanged lines around them, each hunk headed
 * by its line numbers and by the type declaration it falls under (the last line above it that is not indented).
 */
final class LineDiff {

    private static final int CONTEXT = 2;

    /** Past this many cells the longest common subsequence is not worth computing: the texts barely match. */
    private static final long MAX_TABLE = 25_000_000L;

    private LineDiff() {}

    /** One line of the comparison: unchanged ({@code ' '}), removed ({@code '-'}) or added ({@code '+'}). */
    record Line(char change, String text, int oldNumber, int newNumber) {}

    /**
     * Compares two texts.
     *
     * @param before the lines expected
     * @param after the lines found
     * @return every line of both, unchanged ones once, in order; removed lines before the added ones they give way to
     */
    static List<Line> compare(List<String> before, List<String> after) {
        int start = 0;
        while (start < before.size()
                && start < after.size()
                && before.get(start).equals(after.get(start))) {
            start++;
        }
        int endBefore = before.size();
        int endAfter = after.size();
        while (endBefore > start
                && endAfter > start
                && before.get(endBefore - 1).equals(after.get(endAfter - 1))) {
            endBefore--;
            endAfter--;
        }
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < start; i++) {
            lines.add(new Line(' ', before.get(i), i, i));
        }
        middle(before.subList(start, endBefore), after.subList(start, endAfter), start, start, lines);
        for (int i = endBefore, j = endAfter; i < before.size(); i++, j++) {
            lines.add(new Line(' ', before.get(i), i, j));
        }
        return lines;
    }

    /**
     * The differences as unified-diff hunks.
     *
     * @param before the lines expected
     * @param after the lines found
     * @return the hunks, one line separator after each line; empty when the texts are equal
     */
    static String unified(List<String> before, List<String> after) {
        List<Line> lines = compare(before, after);
        StringBuilder text = new StringBuilder();
        int i = 0;
        while (i < lines.size()) {
            if (lines.get(i).change() == ' ') {
                i++;
                continue;
            }
            int from = Math.max(0, i - CONTEXT);
            int to = i;
            // A hunk runs on while the next change is close enough for the contexts to touch.
            int unchanged = 0;
            for (int j = i; j < lines.size() && unchanged <= 2 * CONTEXT; j++) {
                if (lines.get(j).change() == ' ') {
                    unchanged++;
                } else {
                    unchanged = 0;
                    to = j;
                }
            }
            to = Math.min(lines.size() - 1, to + CONTEXT);
            appendHunk(text, lines, from, to, before);
            i = to + 1;
        }
        return text.toString();
    }

    private static void appendHunk(StringBuilder text, List<Line> lines, int from, int to, List<String> before) {
        int oldStart = -1;
        int newStart = -1;
        int oldCount = 0;
        int newCount = 0;
        for (int k = from; k <= to; k++) {
            Line line = lines.get(k);
            if (line.change() != '+') {
                oldStart = oldStart < 0 ? line.oldNumber() : oldStart;
                oldCount++;
            }
            if (line.change() != '-') {
                newStart = newStart < 0 ? line.newNumber() : newStart;
                newCount++;
            }
        }
        text.append("@@ -")
                .append(range(oldStart, oldCount, lines.get(from).oldNumber()))
                .append(" +")
                .append(range(newStart, newCount, lines.get(from).newNumber()))
                .append(" @@")
                .append(enclosing(before, lines.get(from).oldNumber()))
                .append(System.lineSeparator());
        for (int k = from; k <= to; k++) {
            text.append(lines.get(k).change()).append(lines.get(k).text()).append(System.lineSeparator());
        }
    }

    /** {@code start,count} with 1-based lines; an empty side names the line before it, as diff does. */
    private static String range(int start, int count, int fallback) {
        return (count == 0 ? fallback : start + 1) + "," + count;
    }

    /** The declaration above a line: the nearest line before it that is neither indented nor blank. */
    private static String enclosing(List<String> lines, int index) {
        for (int k = Math.min(index, lines.size()) - 1; k >= 0; k--) {
            String line = lines.get(k);
            if (!line.isEmpty() && !Character.isWhitespace(line.charAt(0))) {
                return " " + line;
            }
        }
        return "";
    }

    /** The differing middle of the texts, by their longest common subsequence. */
    private static void middle(List<String> a, List<String> b, int offsetA, int offsetB, List<Line> out) {
        int n = a.size();
        int m = b.size();
        if ((long) (n + 1) * (m + 1) > MAX_TABLE) {
            for (int i = 0; i < n; i++) {
                out.add(new Line('-', a.get(i), offsetA + i, offsetB));
            }
            for (int j = 0; j < m; j++) {
                out.add(new Line('+', b.get(j), offsetA + n, offsetB + j));
            }
            return;
        }
        // common[i][j]: length of the longest common subsequence of a[i..] and b[j..].
        int[][] common = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                common[i][j] = a.get(i).equals(b.get(j))
                        ? common[i + 1][j + 1] + 1
                        : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a.get(i).equals(b.get(j))) {
                out.add(new Line(' ', a.get(i), offsetA + i++, offsetB + j++));
            } else if (j == m || (i < n && common[i + 1][j] >= common[i][j + 1])) {
                out.add(new Line('-', a.get(i), offsetA + i++, offsetB + j));
            } else {
                out.add(new Line('+', b.get(j), offsetA + i, offsetB + j++));
            }
        }
    }
}
