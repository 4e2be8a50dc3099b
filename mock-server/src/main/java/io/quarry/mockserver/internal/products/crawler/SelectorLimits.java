package io.quarry.mockserver.internal.products.crawler;

import java.util.Locale;

/**
 * What a {@code selectorsToMatch} entry may hold before jsoup parses it. jsoup parses nested parentheses
 * recursively, so a selector nested a few thousand levels deep overflowed the stack of the request; and its
 * {@code :matches...} pseudo-classes and {@code [attr~=value]} compile their value as a Java regular expression
 * (where CSS means a word of a list), which a page can make backtrack for ever. A {@code :has} within a
 * {@code :has} (or within what one holds, such as {@code :has(:not(:has(p)))}) matches a subtree from every element
 * of every subtree, and a {@code ~} within {@code :has} every sibling from every sibling: refused, where the work of
 * the others is weighed against each page ({@link SelectorCost}). Checked in one pass without backtracking.
 */
final class SelectorLimits {

    /** Longest selector, in characters, as for a URL pattern. */
    static final int MAX_LENGTH = 2048;

    /** Deepest nesting of parentheses, such as {@code :not(:has(...))}: far more than a page's selectors need. */
    static final int MAX_DEPTH = 16;

    private SelectorLimits() {}

    /**
     * {@return what is wrong with it, or {@code null} when jsoup may parse it}
     *
     * @param selector a selector, its leading {@code !} removed
     */
    static String problem(String selector) {
        if (selector.length() > MAX_LENGTH) {
            return "it is longer than " + MAX_LENGTH + " characters";
        }
        // quotes are not skipped: a quoted ":matches(" or "~=" is refused too, which costs nothing real
        String lower = selector.toLowerCase(Locale.ROOT);
        if (lower.contains(":matches")) {
            return "the mock server does not evaluate :matches pseudo-classes (regular expressions)";
        }
        if (lower.contains("~=")) {
            return "the mock server does not evaluate the ~= attribute operator";
        }
        int depth = 0;
        int hasDepth = -1; // the depth of the :has( the scan is within, or -1
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            if (lower.startsWith(":has(", i)) {
                if (hasDepth >= 0) {
                    return "it nests :has within :has, whose work grows as a power of the page's size";
                }
                hasDepth = depth;
            }
            if (c == '~' && hasDepth >= 0) {
                return "it uses the ~ combinator within :has, whose work grows as the cube of an element's siblings";
            }
            if (c == '(' && ++depth > MAX_DEPTH) {
                return "it nests parentheses more than " + MAX_DEPTH + " deep";
            }
            if (c == ')' && depth > 0 && --depth == hasDepth) {
                hasDepth = -1;
            }
        }
        return null;
    }
}
