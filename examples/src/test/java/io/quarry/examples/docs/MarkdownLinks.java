package io.quarry.examples.docs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The links of one Markdown page and the anchors it offers, outside its fenced blocks and code spans: its headings'
 * anchors, spelt as GitHub spells them (lower case, punctuation dropped, spaces as hyphens, {@code -1}, {@code -2}
 * after a repeated heading), and its {@code <a id>} or {@code <a name>} anchors.
 */
final class MarkdownLinks {

    /** A link and the 1-based line it is on. */
    record Link(int line, String target) {}

    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");
    private static final Pattern INLINE = Pattern.compile("\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern REFERENCE = Pattern.compile("^\\s*\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s.*)?$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");
    private static final Pattern LINK_IN_HEADING = Pattern.compile("\\[([^\\]]*)\\]\\([^)]*\\)");
    private static final Pattern NOT_IN_SLUG = Pattern.compile("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]");

    private final List<Link> links = new ArrayList<>();
    private final Set<String> anchors = new LinkedHashSet<>();

    private MarkdownLinks() {}

    /** Reads a page's lines. */
    static MarkdownLinks of(List<String> lines) {
        MarkdownLinks page = new MarkdownLinks();
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (FENCE.matcher(line).find()) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(1));
                int count = seen.merge(slug, 1, Integer::sum);
                page.anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
            }
            Matcher html = HTML_ANCHOR.matcher(line);
            while (html.find()) {
                page.anchors.add(html.group(1));
            }
            String text = CODE_SPAN.matcher(line).replaceAll("code");
            Matcher inline = INLINE.matcher(text);
            while (inline.find()) {
                page.links.add(new Link(i + 1, inline.group(1)));
            }
            Matcher reference = REFERENCE.matcher(text);
            if (reference.matches()) {
                page.links.add(new Link(i + 1, reference.group(1)));
            }
        }
        return page;
    }

    private static String slug(String heading) {
        String text = LINK_IN_HEADING.matcher(heading).replaceAll("$1");
        return NOT_IN_SLUG.matcher(text.toLowerCase(Locale.ROOT)).replaceAll("").replace(' ', '-');
    }

    List<Link> links() {
        return links;
    }

    Set<String> anchors() {
        return anchors;
    }
}
