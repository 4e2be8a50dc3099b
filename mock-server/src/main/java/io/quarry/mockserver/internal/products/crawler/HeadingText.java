package io.quarry.mockserver.internal.products.crawler;

import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;

/**
 * A heading's text for a record, cut to a bound. jsoup's {@code text()} reads an element's whole text, and headings
 * may nest (through a {@code div}): 100 nested headings above 4 MB of text made 400 million characters and took 6 s.
 * A heading of at most {@value #EXACT_LIMIT} characters of text is read by {@code text()}; a longer one only up to
 * the bound, white space collapsed as {@code text()} collapses it, at most {@value #SCAN_LIMIT} characters read.
 */
final class HeadingText {

    private static final int EXACT_LIMIT = 4096;
    private static final int SCAN_LIMIT = 65_536;

    private HeadingText() {}

    /**
     * {@return the heading's text, at most {@code max} characters}
     *
     * @param heading the heading
     * @param max the most characters kept
     */
    static String of(Element heading, int max) {
        return of(heading, max, new long[1]);
    }

    /**
     * As {@link #of(Element, int)}, adding the characters of text it reads to {@code counted[0]}, so a test counts them.
     */
    static String of(Element heading, int max, long[] counted) {
        if (!textLongerThan(heading, EXACT_LIMIT)) {
            String whole = heading.text();
            counted[0] += whole.length();
            return PageAnalysis.bounded(whole, max);
        }
        StringBuilder text = new StringBuilder();
        int[] read = {0};
        NodeTraversor.filter(
                (node, depth) -> {
                    if (node instanceof TextNode textNode) {
                        String whole = textNode.getWholeText();
                        for (int i = 0; i < whole.length() && text.length() <= max && read[0] < SCAN_LIMIT; i++) {
                            read[0]++;
                            append(text, whole.charAt(i));
                        }
                    } else if (node != heading
                            && node instanceof Element element
                            && (element.isBlock() || element.normalName().equals("br"))) {
                        append(text, ' ');
                    }
                    return text.length() > max || read[0] >= SCAN_LIMIT
                            ? NodeFilter.FilterResult.STOP
                            : NodeFilter.FilterResult.CONTINUE;
                },
                heading);
        counted[0] += read[0];
        return PageAnalysis.bounded(text.toString().strip(), max);
    }

    /** Adds a character, a run of white space as one space and none at the start. */
    private static void append(StringBuilder text, char c) {
        boolean space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
        if (!space) {
            text.append(c);
        } else if (!text.isEmpty() && text.charAt(text.length() - 1) != ' ') {
            text.append(' ');
        }
    }

    /** Whether its texts hold more than {@code limit} characters, read until they do. */
    private static boolean textLongerThan(Element element, int limit) {
        long[] length = {0};
        NodeTraversor.filter(
                (Node node, int depth) -> {
                    if (node instanceof TextNode textNode) {
                        length[0] += textNode.getWholeText().length();
                    }
                    return length[0] > limit ? NodeFilter.FilterResult.STOP : NodeFilter.FilterResult.CONTINUE;
                },
                element);
        return length[0] > limit;
    }
}
