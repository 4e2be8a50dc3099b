package io.quarry.mockserver.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A second reading of the glob syntax, for tests: braces expanded into one pattern per choice, each pattern made a
 * regular expression. Exponential and backtracking, so for small patterns only; written apart from the matcher,
 * by scanning forward where the matcher reads once.
 */
public final class GlobOracle {

    private GlobOracle() {}

    public static boolean matches(String glob, String value) {
        for (String choice : expand(glob)) {
            if (regex(choice).matcher(value).matches()) {
                return true;
            }
        }
        return false;
    }

    /** Every brace-free pattern the glob stands for. */
    static List<String> expand(String glob) {
        int i = 0;
        while (i < glob.length()) {
            char c = glob.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '[' && classClose(glob, i) > 0) {
                i = classClose(glob, i) + 1;
            } else if (c == '{') {
                List<Integer> commas = new ArrayList<>();
                int close = braceClose(glob, i, commas);
                if (close > 0 && !commas.isEmpty()) {
                    List<String> all = new ArrayList<>();
                    int from = i + 1;
                    commas.add(close);
                    for (int end : commas) {
                        String choice = glob.substring(0, i) + glob.substring(from, end) + glob.substring(close + 1);
                        all.addAll(expand(choice));
                        from = end + 1;
                    }
                    return all;
                }
                i++;
            } else {
                i++;
            }
        }
        return List.of(glob);
    }

    /** The closing brace of the one at {@code open}, or -1, the commas directly within it added to the list. */
    private static int braceClose(String glob, int open, List<Integer> commas) {
        int depth = 0;
        int i = open;
        while (i < glob.length()) {
            char c = glob.charAt(i);
            if (c == '\\') {
                i += 2;
                continue;
            }
            if (c == '[' && classClose(glob, i) > 0) {
                i = classClose(glob, i) + 1;
                continue;
            }
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            } else if (c == ',' && depth == 1) {
                commas.add(i);
            }
            i++;
        }
        return -1;
    }

    /** Where the class opened at {@code open} closes, or -1. */
    static int classClose(String glob, int open) {
        int i = open + 1;
        if (i < glob.length() && "!^".indexOf(glob.charAt(i)) >= 0) {
            i++;
        }
        if (i < glob.length() && glob.charAt(i) == ']') {
            i++;
        }
        while (i < glob.length()) {
            if (glob.charAt(i) == '\\') {
                i += 2;
            } else if (glob.charAt(i) == ']') {
                return i;
            } else {
                i++;
            }
        }
        return -1;
    }

    private static Pattern regex(String glob) {
        StringBuilder regex = new StringBuilder();
        int i = 0;
        while (i < glob.length()) {
            int c = glob.codePointAt(i);
            if (c == '\\' && i + 1 < glob.length()) {
                int next = glob.codePointAt(i + 1);
                regex.append(quote(next));
                i += 1 + Character.charCount(next);
            } else if (c == '[' && classClose(glob, i) > 0) {
                int close = classClose(glob, i);
                regex.append(classRegex(glob.substring(i + 1, close)));
                i = close + 1;
            } else if (glob.startsWith("**", i)) {
                regex.append(".*");
                i += 2;
            } else {
                regex.append(c == '*' ? "[^/]*" : c == '?' ? "[^/]" : quote(c));
                i += Character.charCount(c);
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    /** A class's members, without brackets, as an alternation of ranges, never taking a slash. */
    private static String classRegex(String body) {
        boolean negated = !body.isEmpty() && "!^".indexOf(body.charAt(0)) >= 0;
        List<int[]> ranges = new ArrayList<>();
        int[] points = unescaped(negated ? body.substring(1) : body);
        for (int k = 0; k < points.length; k++) {
            // a dash between two members makes a range; points[] marks escaped dashes as negative
            if (k + 2 < points.length && points[k + 1] == '-') {
                ranges.add(new int[] {Math.abs(points[k]), Math.abs(points[k + 2])});
                k += 2;
            } else {
                ranges.add(new int[] {Math.abs(points[k]), Math.abs(points[k])});
            }
        }
        StringBuilder any = new StringBuilder("(?:(?!)");
        for (int[] range : ranges) {
            if (range[0] <= range[1]) {
                any.append("|[")
                        .append(hex(range[0]))
                        .append('-')
                        .append(hex(range[1]))
                        .append(']');
            }
        }
        any.append(')');
        return negated ? "(?!" + any + ")(?!/)." : "(?!/)" + any;
    }

    /** The code points, an escaped one negative (code point 0 never appears in tests). */
    private static int[] unescaped(String text) {
        List<Integer> points = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            boolean escaped = text.charAt(i) == '\\';
            if (escaped) {
                i++;
            }
            int c = text.codePointAt(i);
            points.add(escaped ? -c : c);
            i += Character.charCount(c);
        }
        return points.stream().mapToInt(Integer::intValue).toArray();
    }

    private static String quote(int c) {
        return hex(c);
    }

    private static String hex(int c) {
        return "\\x{" + Integer.toHexString(c) + "}";
    }
}
