package io.quarry.mockserver.engine.internal.text;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * A pattern over URLs or paths: {@code **} matches any characters, {@code /} included; {@code *} any characters
 * but {@code /}; everything else itself. {@link #glob} reads more: {@code ?}, character classes, brace
 * alternatives and backslash escapes.
 *
 * <p>Compiled to a graph of places, which a match steps through the value all at once, one character at a time:
 * a match costs at most the value's length times the pattern's, whatever the pattern. Braces are branches of that
 * graph, not expanded into one pattern per choice, so a pattern of many brace groups costs what its length costs.
 * (A regular expression made of {@code .*} pieces backtracks: nine {@code **} took minutes against a 70-character
 * URL.)
 */
public final class UrlWildcards {

    // what each place of the graph is
    private static final byte CHAR = 0; // one given character
    private static final byte CLASS = 1; // one character of a class
    private static final byte ONE = 2; // ? : one character but /
    private static final byte STAR = 3; // * : stays on any character but /
    private static final byte GLOBSTAR = 4; // ** : stays on any character
    private static final byte SPLIT = 5; // goes on to each of its branches, taking nothing
    private static final byte JUMP = 6; // goes on to its target, taking nothing
    private static final byte MATCH = 7; // the whole value matched

    private final byte[] kinds;
    /** A character, a class's index, a jump's target, or a split's index. */
    private final int[] args;

    private final CharClass[] classes;
    private final int[][] splits;
    /** Enough room for every place and branch a closure can push. */
    private final int stackSize;
    /**
     * The characters the pattern starts with, before any wildcard, class or brace: its first places, one after the
     * other. A value must start with them, which is checked before any place is set up, so that a long pattern
     * costs next to nothing against the many values (URLs, query parameter names) it cannot match.
     */
    private final String prefix;
    /** The place after the prefix's. */
    private final int afterPrefix;

    private UrlWildcards(byte[] kinds, int[] args, CharClass[] classes, int[][] splits) {
        this.kinds = kinds;
        this.args = args;
        this.classes = classes;
        this.splits = splits;
        int place = 0;
        StringBuilder text = new StringBuilder();
        for (; kinds[place] == CHAR; place++) {
            text.appendCodePoint(args[place]);
        }
        this.prefix = text.toString();
        this.afterPrefix = place;
        this.stackSize =
                kinds.length + Arrays.stream(splits).mapToInt(s -> s.length).sum();
    }

    /**
     * {@return the pattern with {@code *} and {@code **} as its only wildcards: {@code ?}, brackets, braces and
     * backslashes stand for themselves}
     *
     * @param pattern the pattern
     */
    public static UrlWildcards of(String pattern) {
        return compile(GlobTokens.starsOnly(pattern));
    }

    /**
     * {@return the pattern as a glob} Beyond {@code *} and {@code **}: {@code ?} stands for one character but
     * {@code /}; {@code [abc]}, {@code [a-z]} for one character of the class, and {@code [!a]} or {@code [^a]} for
     * one character not in it, never {@code /} (a {@code ]} first in the class is one of its characters; a
     * {@code [} that no {@code ]} closes stands for itself); {@code {a,b}} for any one of its comma-separated
     * alternatives, which may hold wildcards and further braces (braces without a comma, or left open, stand for
     * themselves); a backslash makes the next character stand for itself, in a class too.
     *
     * @param pattern the pattern
     */
    public static UrlWildcards glob(String pattern) {
        return compile(GlobTokens.glob(pattern));
    }

    private static UrlWildcards compile(GlobTokens tokens) {
        Graph graph = new Graph();
        Deque<Group> open = new ArrayDeque<>();
        for (int t = 0; t < tokens.size(); t++) {
            int value = tokens.value(t);
            switch (tokens.type(t)) {
                case GlobTokens.LITERAL -> graph.add(CHAR, value);
                case GlobTokens.ONE -> graph.add(ONE, 0);
                case GlobTokens.STAR -> graph.add(STAR, 0);
                case GlobTokens.GLOBSTAR -> graph.add(GLOBSTAR, 0);
                case GlobTokens.CLASS -> graph.add(CLASS, value);
                case GlobTokens.OPEN -> {
                    Group group = new Group(graph.add(SPLIT, graph.splits.size()));
                    graph.splits.add(null); // set when the group closes
                    group.branches.add(graph.size());
                    open.push(group);
                }
                case GlobTokens.COMMA -> {
                    Group group = open.element();
                    group.jumps.add(graph.add(JUMP, -1)); // to past the group, once it closes
                    group.branches.add(graph.size());
                }
                case GlobTokens.CLOSE -> {
                    // the last branch goes on past the group by itself
                    Group group = open.pop();
                    int past = graph.size();
                    group.jumps.forEach(jump -> graph.args[jump] = past);
                    graph.splits.set(
                            graph.args[group.split],
                            group.branches.stream().mapToInt(Integer::intValue).toArray());
                }
                default -> throw new IllegalStateException("token " + tokens.type(t));
            }
        }
        graph.add(MATCH, 0);
        return new UrlWildcards(
                Arrays.copyOf(graph.kinds, graph.size()),
                Arrays.copyOf(graph.args, graph.size()),
                tokens.classes().toArray(CharClass[]::new),
                graph.splits.toArray(int[][]::new));
    }

    /**
     * {@return whether the whole value matches}
     *
     * @param value a URL or path
     */
    public boolean matches(String value) {
        return matches(value, null);
    }

    /**
     * {@return whether the whole value matches} Package-private so a test can count the work.
     *
     * @param value a URL or path
     * @param placesHeld {@code null}, or a counter to which each character of the value adds the places the match
     *     holds when it reads it: at most the pattern's places, so the whole match at most their product
     */
    boolean matches(String value, long[] placesHeld) {
        int end = prefix.length();
        if (!value.startsWith(prefix)
                || (end > 0
                        && end < value.length()
                        && Character.isHighSurrogate(value.charAt(end - 1))
                        && Character.isLowSurrogate(value.charAt(end)))) {
            return false; // the prefix ends within a character of the value: read whole, it differs
        }
        if (kinds[afterPrefix] == MATCH) {
            return value.length() == end;
        }
        // the prefix's places are behind: the arrays hold the places after them, each at its place - afterPrefix
        int places = kinds.length - afterPrefix;
        int[] now = new int[places];
        int[] next = new int[places];
        int[] seen = new int[places]; // the step in which a place was last reached, plus one
        int[] stack = new int[stackSize - afterPrefix];
        int step = 1;
        int count = reach(now, 0, afterPrefix, seen, step, stack);
        for (int i = end; i < value.length() && count > 0; ) {
            int c = value.codePointAt(i);
            i += Character.charCount(c);
            step++;
            if (placesHeld != null) {
                placesHeld[0] += count;
            }
            int nextCount = 0;
            for (int k = 0; k < count; k++) {
                int at = now[k];
                int target = switch (kinds[at]) {
                    case CHAR -> args[at] == c ? at + 1 : -1;
                    case CLASS -> classes[args[at]].contains(c) ? at + 1 : -1;
                    case ONE -> c != '/' ? at + 1 : -1;
                    case STAR -> c != '/' ? at : -1;
                    case GLOBSTAR -> at;
                    default -> -1;
                };
                if (target >= 0) {
                    nextCount = reach(next, nextCount, target, seen, step, stack);
                }
            }
            int[] swap = now;
            now = next;
            next = swap;
            count = nextCount;
        }
        return count > 0 && seen[places - 1] == step; // the last place is MATCH
    }

    /**
     * Adds a place, and every place it goes on to without taking a character, to the places of this step.
     *
     * @return how many places the step has now
     */
    private int reach(int[] list, int count, int from, int[] seen, int step, int[] stack) {
        int top = 0;
        stack[top++] = from;
        while (top > 0) {
            int at = stack[--top];
            if (seen[at - afterPrefix] == step) {
                continue;
            }
            seen[at - afterPrefix] = step;
            switch (kinds[at]) {
                case SPLIT -> {
                    for (int branch : splits[args[at]]) {
                        stack[top++] = branch;
                    }
                }
                case JUMP -> stack[top++] = args[at];
                case STAR, GLOBSTAR -> {
                    list[count++] = at; // takes characters, or none and goes on
                    stack[top++] = at + 1;
                }
                default -> list[count++] = at;
            }
        }
        return count;
    }

    /** The places compiled so far. */
    private static final class Graph {
        byte[] kinds = new byte[16];
        int[] args = new int[16];
        int size;
        final List<int[]> splits = new ArrayList<>();

        int add(byte kind, int arg) {
            if (size == kinds.length) {
                kinds = Arrays.copyOf(kinds, size * 2);
                args = Arrays.copyOf(args, size * 2);
            }
            kinds[size] = kind;
            args[size] = arg;
            return size++;
        }

        int size() {
            return size;
        }
    }

    /** A brace group being compiled: its split, where each branch starts, and the jumps that end branches. */
    private static final class Group {
        final int split;
        final List<Integer> branches = new ArrayList<>();
        final List<Integer> jumps = new ArrayList<>();

        Group(int split) {
            this.split = split;
        }
    }
}
