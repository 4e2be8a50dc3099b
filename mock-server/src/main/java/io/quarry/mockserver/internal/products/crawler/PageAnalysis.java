package io.quarry.mockserver.internal.products.crawler;

import io.quarry.mockserver.internal.json.Json;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the crawler makes of one fetched page: its file type, its links and the record the built-in extraction
 * gives (objectID, url, title, description, headings, content); and which actions take it.
 */
final class PageAnalysis {

    /** Longest {@code content} of a record, in characters. */
    static final int MAX_CONTENT = 10_000;

    private static final int MAX_LINKS = 1000;
    private static final int MAX_HEADINGS = 100;
    private static final int MAX_SHORT_TEXT = 1000;

    static final String SELECTORS_TOO_COSTLY = "selectors_too_costly";

    private final String url;
    private final String fileType;
    private final Document document;

    private PageAnalysis(String url, String fileType, Document document) {
        this.url = url;
        this.fileType = fileType;
        this.document = document;
    }

    /**
     * {@return the analysis (HTML is parsed, within {@link HtmlPages}' bounds; other types are not)}
     *
     * @param url the page's URL
     * @param fetched what the server answered
     * @throws PageRefusal when the page holds more HTML elements than the mock server parses
     */
    static PageAnalysis of(String url, PageFetcher.Fetched fetched) throws PageRefusal {
        String type = fileType(url, fetched.contentType());
        return new PageAnalysis(url, type, type.equals("html") ? HtmlPages.parse(url, fetched) : null);
    }

    /** {@return html, pdf, or the URL's extension ({@code other} when it has none)} */
    String fileType() {
        return fileType;
    }

    /** {@return the absolute http(s) links of an HTML page, fragments removed, in page order (bounded)} */
    List<String> links() {
        if (document == null) {
            return List.of();
        }
        Set<String> links = new LinkedHashSet<>();
        for (Element anchor : document.select("a[href]")) {
            String link = anchor.absUrl("href");
            int hash = link.indexOf('#');
            if (hash >= 0) {
                link = link.substring(0, hash);
            }
            String lower = link.toLowerCase(Locale.ROOT);
            if (lower.startsWith("http://") || lower.startsWith("https://")) {
                links.add(link);
            }
            if (links.size() >= MAX_LINKS) {
                break;
            }
        }
        return List.copyOf(links);
    }

    /**
     * Why an action does not take this page.
     *
     * @param action the action
     * @return null when it takes it, else a reason code of the URL statistics
     */
    String refusal(CrawlerConfig.Action action) {
        if (!action.paths().isEmpty() && !Glob.matchesList(action.paths(), url)) {
            return "no_action_matched";
        }
        if (!action.fileTypes().contains(fileType)) {
            return "filetype_not_matched";
        }
        if (!selectorsMatch(action.selectors())) {
            return "selectors_not_matched";
        }
        return null;
    }

    /**
     * Checks, before any is matched, that the selectors of the actions that may take this page (by path and file
     * type) fit together in {@link SelectorCost#PAGE_BUDGET} on it.
     *
     * @param actions the configuration's actions
     * @throws PageRefusal {@value #SELECTORS_TOO_COSTLY}, naming the selector that passes the budget
     */
    void requireAffordableSelectors(List<CrawlerConfig.Action> actions) throws PageRefusal {
        if (document == null) {
            return; // no selector is matched
        }
        PageShape shape = null;
        long spent = 0;
        for (CrawlerConfig.Action action : actions) {
            if (action.selectors().isEmpty()
                    || (!action.paths().isEmpty() && !Glob.matchesList(action.paths(), url))
                    || !action.fileTypes().contains(fileType)) {
                continue;
            }
            for (String selector : action.selectors()) {
                if (shape == null) {
                    shape = PageShape.of(document);
                }
                long cost = SelectorCost.estimate(selector.startsWith("!") ? selector.substring(1) : selector, shape);
                if (cost > SelectorCost.PAGE_BUDGET - spent) {
                    throw new PageRefusal(
                            SELECTORS_TOO_COSTLY,
                            "config.actions[" + action.position() + "].selectorsToMatch: CSS selector "
                                    + CrawlerConfig.quoted(selector) + " would take about "
                                    + (cost == Long.MAX_VALUE ? "too many" : String.valueOf(cost))
                                    + " steps on this page (" + shape.elements() + " elements, "
                                    + shape.maxDepth() + " deep), with " + spent + " taken by the selectors before"
                                    + " it: more than the " + SelectorCost.PAGE_BUDGET + " the mock server allows"
                                    + " for one page's selectors");
                }
                spent += cost;
            }
        }
    }

    private boolean selectorsMatch(List<String> selectors) {
        if (selectors.isEmpty()) {
            return true;
        }
        if (document == null) {
            return false;
        }
        boolean anyPositive = false;
        boolean positiveMatch = false;
        for (String selector : selectors) {
            if (selector.startsWith("!")) {
                if (!document.select(selector.substring(1)).isEmpty()) {
                    return false;
                }
            } else {
                anyPositive = true;
                positiveMatch |= !document.select(selector).isEmpty();
            }
        }
        return !anyPositive || positiveMatch;
    }

    /** {@return the record of this page} */
    ObjectNode record() {
        ObjectNode record = Json.object();
        record.put("objectID", objectIdOf(url));
        record.put("url", url);
        record.put("fileType", fileType);
        ArrayNode headings = record.putArray("headings");
        if (document == null) {
            String path = url.replaceAll("[?#].*$", "");
            record.put("title", bounded(path.substring(path.lastIndexOf('/') + 1), MAX_SHORT_TEXT));
            record.put("description", "");
            record.put("content", "");
            return record;
        }
        record.put("title", bounded(document.title(), MAX_SHORT_TEXT));
        Element description = document.selectFirst("meta[name=description]");
        record.put("description", description == null ? "" : bounded(description.attr("content"), MAX_SHORT_TEXT));
        for (Element heading : document.select("h1, h2, h3, h4, h5, h6")) {
            if (headings.size() >= MAX_HEADINGS) {
                break;
            }
            headings.add(HeadingText.of(heading, MAX_SHORT_TEXT));
        }
        Element body = document.body();
        record.put("content", bounded(body == null ? "" : body.text(), MAX_CONTENT));
        return record;
    }

    /**
     * {@return its record's objectID: the first 32 hexadecimal characters of its SHA-256}
     *
     * @param url a page's URL
     */
    static String objectIdOf(String url) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(url.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String fileType(String url, String contentType) {
        if (contentType.equals("text/html") || contentType.equals("application/xhtml+xml")) {
            return "html";
        }
        if (contentType.equals("application/pdf")) {
            return "pdf";
        }
        String path = url.replaceAll("[?#].*$", "");
        String last = path.substring(path.lastIndexOf('/') + 1);
        int dot = last.lastIndexOf('.');
        if (dot < 0) {
            return contentType.isEmpty() ? "html" : "other";
        }
        String extension = last.substring(dot + 1).toLowerCase(Locale.ROOT);
        return extension.equals("htm") ? "html" : extension;
    }

    /** The text cut to at most {@code max} characters, never between the two halves of a surrogate pair. */
    static String bounded(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        return text.substring(0, Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max);
    }

    /** {@return a short description of the page for test logs} */
    List<String> summary() {
        List<String> lines = new ArrayList<>();
        lines.add("file type " + fileType);
        if (document != null) {
            lines.add("title " + bounded(document.title(), 200));
        }
        return lines;
    }
}
