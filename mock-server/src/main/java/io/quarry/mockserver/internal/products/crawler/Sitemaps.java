package io.quarry.mockserver.internal.products.crawler;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.jsoup.parser.StreamParser;

/**
 * Reads the entries of a fetched sitemap within the bounds of a page: the {@code <loc>} of each {@code <url>} (a
 * page) and of each {@code <sitemap>} (another sitemap, listed by a sitemap index), at most
 * {@value HtmlPages#MAX_ELEMENTS} elements, and a failure of the parser refuses the sitemap, not the crawl.
 * jsoup's XML parser keeps no depth limit and hands out an element only once it is closed, so the elements cannot be
 * counted as they come: the parser reads only the part of the sitemap before its {@code MAX_ELEMENTS + 1}th start tag
 * and cannot make more. Each entry leaves the tree once read. The parser does not read the entities a
 * document type defines, so they stay text and cannot grow (a "billion laughs" sitemap is a few bytes of URL).
 */
final class Sitemaps {

    /** The reason code of a sitemap past the element bound: a sitemap, not a page, so not the page's code. */
    static final String TOO_MANY_ELEMENTS = "sitemap_too_many_elements";

    /** The reason code of a sitemap the XML parser fails on. */
    static final String PARSER_FAILED = "sitemap_parser_failed";

    /** What a sitemap entry's {@code <loc>} names. */
    enum Kind {
        /** A page to crawl: the {@code <loc>} of a {@code <url>}. */
        PAGE,
        /** Another sitemap: the {@code <loc>} of a sitemap index's {@code <sitemap>}. */
        SITEMAP
    }

    /** Takes the entries of a sitemap. */
    @FunctionalInterface
    interface Entries {
        /**
         * @param kind what the entry names
         * @param location its {@code <loc>}, trimmed
         * @return whether to read on
         */
        boolean take(Kind kind, String location);
    }

    private Sitemaps() {}

    /**
     * Hands out the sitemap's entries in order until {@code entries} returns {@code false}.
     *
     * @param url the sitemap's URL
     * @param body the sitemap, read as UTF-8
     * @param entries takes each entry and says whether to read on
     * @throws PageRefusal {@value #TOO_MANY_ELEMENTS} when the entries wanted are not all read within the element
     *     bound, {@value #PARSER_FAILED} when jsoup throws
     */
    static void read(String url, byte[] body, Entries entries) throws PageRefusal {
        String text = new String(body, StandardCharsets.UTF_8);
        int readable = prefixWithStartTags(text, HtmlPages.MAX_ELEMENTS);
        try (StreamParser stream = new StreamParser(Parser.xmlParser()).parse(text.substring(0, readable), url)) {
            for (Iterator<Element> closed = stream.iterator(); closed.hasNext(); ) {
                Element element = closed.next();
                Kind kind = kindOf(element.parent());
                if (element.normalName().equals("loc") && kind != null) {
                    if (!entries.take(kind, element.text().trim())) {
                        stream.stop();
                        return;
                    }
                } else if (kindOf(element) != null) {
                    element.remove();
                }
            }
        } catch (RuntimeException e) {
            throw new PageRefusal(
                    PARSER_FAILED,
                    "The mock server's XML parser failed on the sitemap ("
                            + e.getClass().getSimpleName() + ")");
        }
        if (readable < text.length()) {
            throw new PageRefusal(
                    TOO_MANY_ELEMENTS,
                    "The sitemap has more than " + HtmlPages.MAX_ELEMENTS + " elements, more than the mock server"
                            + " parses");
        }
    }

    /** {@return the kind of entry an element is, or null when it is none (or absent)} */
    private static Kind kindOf(Element element) {
        if (element == null) {
            return null;
        }
        return switch (element.normalName()) {
            case "url" -> Kind.PAGE;
            case "sitemap" -> Kind.SITEMAP;
            default -> null;
        };
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
