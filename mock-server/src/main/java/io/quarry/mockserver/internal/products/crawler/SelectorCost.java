package io.quarry.mockserver.internal.products.crawler;

import java.util.Locale;

/**
 * An upper estimate of the steps jsoup takes to match one selector against a page, from the selector's text and the
 * page's {@link PageShape}: each alternative tests every element; each descendant combinator may walk every
 * element's ancestors; each {@code :contains} reads every element's whole text; each sibling combinator ({@code ~})
 * or pseudo-class that counts siblings ({@code :nth-child}, {@code :last-of-type}, {@code :only-child},
 * {@code :lt}...) may walk every element's siblings. What a {@code :has(...)} holds is matched from each element,
 * so it costs up to the page's depth times as much. (Nested {@code :has} and a {@code ~} within {@code :has}, which cost more still, are refused
 * before: {@link SelectorLimits}.) Measured on jsoup 1.24.1 a step takes 30 to 200 ns.
 */
final class SelectorCost {

    /** The steps every selector of a page's actions may take together: about a second's work. */
    static final long PAGE_BUDGET = 10_000_000;

    private static final String[] SIBLING_PSEUDOS = {"-of-type", ":only-child", ":nth-", ":lt(", ":gt(", ":eq("};

    /** The pseudo-classes that read each element's whole text ({@code :containsOwn} reads its own). */
    private static final String[] TEXT_PSEUDOS = {":contains(", ":containswholetext(", ":containsdata("};

    /**
     * Characters of text read per step: {@code :contains} lower-cases and normalises each element's text, about 12
     * ns a character (a page of 4 MB of text under 500 nested divs took 24 s unbounded).
     */
    private static final long TEXT_CHARACTERS_PER_STEP = 4;

    /**
     * Steps a {@code :has} costs each element besides its subtree: it sets up a traversal per element, about 1 µs
     * (over 90,000 list items {@code *:not(:has(p))} took 0.33 s).
     */
    private static final long HAS_STEPS_PER_ELEMENT = 20;

    private SelectorCost() {}

    /**
     * {@return the estimate, saturated at {@link Long#MAX_VALUE}}
     *
     * @param selector a selector that {@link SelectorLimits} takes, its leading {@code !} removed
     * @param page the page
     */
    static long estimate(String selector, PageShape page) {
        String lower = selector.toLowerCase(Locale.ROOT);
        if (!lower.contains(":has(")) {
            return partCost(lower, page);
        }
        // what each :has(...) holds is matched from every element: weighed apart, times the depth
        StringBuilder outside = new StringBuilder();
        StringBuilder inside = new StringBuilder();
        int depth = 0;
        int hasDepth = -1;
        for (int i = 0; i < lower.length(); i++) {
            if (hasDepth < 0 && lower.startsWith(":has(", i)) {
                if (!inside.isEmpty()) {
                    inside.append(','); // each :has is an alternative of its own
                }
                hasDepth = depth++;
                i += ":has(".length() - 1;
                continue;
            }
            char c = lower.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && depth > 0 && --depth == hasDepth) {
                hasDepth = -1;
                continue;
            }
            (hasDepth >= 0 ? inside : outside).append(c);
        }
        long setUp = saturatedMultiply(page.elements(), HAS_STEPS_PER_ELEMENT * count(lower, ":has("));
        return saturatedAdd(
                saturatedAdd(partCost(outside.toString(), page), setUp),
                saturatedMultiply(Math.max(1, page.maxDepth()), partCost(inside.toString(), page)));
    }

    private static long partCost(String part, PageShape page) {
        long alternatives = 1 + count(part, ",");
        long ancestorWalks = descendantCombinators(part);
        long textReads = 0;
        for (String pseudo : TEXT_PSEUDOS) {
            textReads += count(part, pseudo);
        }
        long siblingWalks = count(part, "~");
        for (String pseudo : SIBLING_PSEUDOS) {
            siblingWalks += count(part, pseudo);
        }
        long cost = saturatedMultiply(page.elements(), alternatives);
        cost = saturatedAdd(cost, saturatedMultiply(page.ancestorSteps(), ancestorWalks));
        cost = saturatedAdd(
                cost, saturatedMultiply(page.ancestorSteps() + page.textSteps() / TEXT_CHARACTERS_PER_STEP, textReads));
        return saturatedAdd(cost, saturatedMultiply(page.siblingSteps(), siblingWalks));
    }

    /** Runs of white space between two compound selectors: not next to another combinator, a comma or a bracket. */
    private static long descendantCombinators(String part) {
        long count = 0;
        char before = ',';
        int i = 0;
        while (i < part.length()) {
            char c = part.charAt(i);
            if (!Character.isWhitespace(c)) {
                before = c;
                i++;
                continue;
            }
            while (i < part.length() && Character.isWhitespace(part.charAt(i))) {
                i++;
            }
            char after = i < part.length() ? part.charAt(i) : ',';
            if ("(,>+~".indexOf(before) < 0 && "),>+~".indexOf(after) < 0) {
                count++;
            }
        }
        return count;
    }

    private static long count(String text, String what) {
        long count = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + what.length())) {
            count++;
        }
        return count;
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static long saturatedMultiply(long a, long b) {
        return b != 0 && a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
    }
}
