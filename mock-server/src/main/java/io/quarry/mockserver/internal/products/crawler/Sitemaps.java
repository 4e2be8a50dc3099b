package io.quarry.mockserver.internal.products.crawler;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.function.Predicate;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.jsoup.parser.StreamParser;

/**
 * Reads the page URLs of a fetched sitemap (the {@code <loc>} of each {@code <url>}) within the bounds of a page:
 * at most {@value HtmlPages#MAX_ELEMENTS} elements, and a failure of the parser refuses the sitemap, not the crawl.
 * jsoup's XML parser keeps no depth limit and hands out an element only once it is closed, so the elements cannot be
 * counted as they come: the parser reads only the part of the sitemap before its {@code MAX_ELEMENTS + 1}th start tag
 * and cannot make more. Each {@code <url>} leaves the tree once read. The parser does not read the entities a
 * document type defines, so they stay text and cannot grow (a "billion laughs" sitemap is a few bytes of URL).
 */
final class Sitemaps {

    private Sitemaps() {}

    /**
     * Hands out the sitemap's URLs in order, trimmed, until {@code onLocation} returns {@code false}.
     *
     * @param url the sitemap's URL
     * @param body the sitemap, read as UTF-8
     * @param onLocation takes one URL and says whether to read on
     * @throws PageRefusal {@value HtmlPages#TOO_MANY_ELEMENTS} when the URLs wanted are not all read within the
     *     element bound, {@value HtmlPages#PARSER_FAILED} when jsoup throws
     */
    static void read(String url, byte[] body, Predicate<String> onLocation) throws PageRefusal {
        String text = new String(body, StandardCharsets.UTF_8);
        int readable = prefixWithStartTags(text, HtmlPages.MAX_ELEMENTS);
        try (StreamParser stream = new StreamParser(Parser.xmlParser()).parse(text.substring(0, readable), url)) {
            for (Iterator<Element> closed = stream.iterator(); closed.hasNext(); ) {
                Element element = closed.next();
                Element parent = element.parent();
                if (element.normalName().equals("loc")
                        && parent != null
                        && parent.normalName().equals("url")) {
                    if (!onLocation.test(element.text().trim())) {
                        stream.stop();
                        return;
                    }
                } else if (element.normalName().equals("url")) {
                    element.remove();
                }
            }
        } catch (RuntimeException e) {
            throw new PageRefusal(
                    HtmlPages.PARSER_FAILED,
                    "The mock server's XML parser failed on the sitemap ("
                            + e.getClass().getSimpleName() + ")");
        }
        if (readable < text.length()) {
            throw new PageRefusal(
                    HtmlPages.TOO_MANY_ELEMENTS,
                    "The sitemap has more than " + HtmlPages.MAX_ELEMENTS + " elements, more than the mock server"
                            + " parses");
        }
    }

    /**
     * {@return the length of the longest start of {@code text} holding at most {@code max} start tags} Every
     * {@code <} not opening an end tag, a comment, a declaration or an instruction is counted, so the count is at
     * least the number of elements the parser makes of that start.
     */
    static int prefixWithStartTags(String text, int max) {
        int tags = 0;
        for (int at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) {
            char next = at + 1 < text.length() ? text.charAt(at + 1) : '/';
            if (next != '/' && next != '!' && next != '?' && ++tags > max) {
                return at;
            }
        }
        return text.length();
    }
}
