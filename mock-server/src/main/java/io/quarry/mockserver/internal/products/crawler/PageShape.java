package io.quarry.mockserver.internal.products.crawler;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The sizes of a parsed page that bound what its selectors cost: jsoup walks an element's ancestors (descendant
 * combinators), its subtree ({@code :has}) and its text ({@code :contains}) or its siblings ({@code ~}, {@code :last-of-type}) for
 * each element it tests.
 *
 * @param elements its elements
 * @param maxDepth the depth of its deepest element
 * @param ancestorSteps its elements' depths added up: the steps of one walk up from every element, and of one walk
 *     through every element's subtree
 * @param siblingSteps each element's count of child elements, squared, added up: the steps of one walk along
 *     every element's siblings
 * @param textSteps each text's length times its depth, added up: the characters of every element's text, each
 *     element's read whole
 */
record PageShape(long elements, int maxDepth, long ancestorSteps, long siblingSteps, long textSteps) {

    /** {@return the shape of a document, measured in one pass} */
    static PageShape of(Document document) {
        long[] sums = new long[4];
        int[] deepest = new int[1];
        document.traverse((node, depth) -> {
            if (node instanceof Element element) {
                sums[0]++;
                sums[1] += depth;
                deepest[0] = Math.max(deepest[0], depth);
                long children = 0;
                for (int i = 0; i < element.childNodeSize(); i++) {
                    Node child = element.childNode(i);
                    if (child instanceof Element) {
                        children++;
                    }
                }
                sums[2] += children * children;
            } else if (node instanceof TextNode text) {
                sums[3] += (long) text.getWholeText().length() * depth;
            }
        });
        return new PageShape(sums[0], deepest[0], sums[1], sums[2], sums[3]);
    }
}
