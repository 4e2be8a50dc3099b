package io.quarry.mockserver.internal.products.crawler;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.util.Iterator;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.jsoup.parser.StreamParser;

/**
 * Parses a fetched HTML page within bounds. Its size is bounded by the fetch ({@value PageFetcher#MAX_BYTES} bytes);
 * its elements are counted as the parser makes them, and the parse stops past {@value #MAX_ELEMENTS}, since a page
 * of a few hundred kilobytes can make millions (each misnested formatting tag is opened again in every later table).
 * Elements nested deeper than {@value #MAX_DEPTH} are placed beside the deepest ones, as browsers do.
 */
final class HtmlPages {

    /** The most elements of a page the mock server parses. */
    static final int MAX_ELEMENTS = 100_000;

    /** The deepest nesting of elements kept; deeper ones are placed beside those at this depth. */
    static final int MAX_DEPTH = 512;

    /** The bytes jsoup reads for a {@code <meta charset>} when neither a byte order mark nor a header names one. */
    private static final int CHARSET_PREFIX = 5120;

    static final String TOO_MANY_ELEMENTS = "too_many_elements";
    static final String PARSER_FAILED = "html_parser_failed";

    private HtmlPages() {}

    /**
     * {@return the page parsed, decoded as a browser would: in the charset of its {@code Content-Type}, else of its
     * byte order mark or {@code <meta charset>}, else UTF-8 (a byte order mark wins over the header)}
     *
     * @param url the page's URL, against which its links are resolved
     * @param fetched the page
     * @throws PageRefusal {@value #TOO_MANY_ELEMENTS} past {@value #MAX_ELEMENTS} elements, {@value #PARSER_FAILED}
     *     when jsoup throws
     */
    static Document parse(String url, PageFetcher.Fetched fetched) throws PageRefusal {
        try {
            return parseBounded(url, fetched);
        } catch (RuntimeException e) {
            // jsoup 1.24.1 fails on some misnested tables at its depth limit (an index out of bounds): a page, not
            // the request or the crawl, fails
            throw new PageRefusal(
                    PARSER_FAILED,
                    "The mock server's HTML parser failed on the page ("
                            + e.getClass().getSimpleName() + ")");
        }
    }

    private static Document parseBounded(String url, PageFetcher.Fetched fetched) throws PageRefusal {
        String text = new String(fetched.body(), charsetOf(url, fetched));
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
        try (StreamParser stream = new StreamParser(Parser.htmlParser().setMaxDepth(MAX_DEPTH)).parse(text, url)) {
            int elements = 0;
            // an element is handed out once the parser closes it, so the open ones (at most MAX_DEPTH) are not yet
            // counted: the tree holds at most MAX_ELEMENTS + MAX_DEPTH elements when the parse stops
            for (Iterator<Element> made = stream.iterator(); made.hasNext(); made.next()) {
                if (++elements > MAX_ELEMENTS) {
                    stream.stop();
                    throw new PageRefusal(
                            TOO_MANY_ELEMENTS,
                            "The page has more than " + MAX_ELEMENTS + " HTML elements, more than the mock server"
                                    + " parses");
                }
            }
            return stream.document();
        }
    }

    /** The charset jsoup would read the whole page in, found from the page's first bytes as jsoup finds it. */
    private static Charset charsetOf(String url, PageFetcher.Fetched fetched) {
        byte[] body = fetched.body();
        try {
            return Jsoup.parse(
                            new ByteArrayInputStream(body, 0, Math.min(body.length, CHARSET_PREFIX)),
                            fetched.charset(),
                            url)
                    .charset();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // an array is read without I/O
        }
    }
}
