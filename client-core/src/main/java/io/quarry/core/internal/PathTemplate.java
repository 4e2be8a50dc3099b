package io.quarry.core.internal;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.internal.base.PercentEncoding;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Expands a path template such as {@code /1/indexes/{indexName}/{objectID}}: each value is percent-encoded
 * as one RFC 3986 path segment (everything but the unreserved characters is encoded, so {@code /}, {@code ?},
 * {@code #}, {@code %}, space and non-ASCII never change the path's structure), and an empty, {@code .} or
 * {@code ..} value, or one with a UTF-16 surrogate out of its pair (it has no UTF-8 form), is rejected before any
 * I/O.
 */
public final class PathTemplate {

    private PathTemplate() {}

    /**
     * The expanded, encoded path.
     *
     * @param template the literal template
     * @param values   placeholder name to value ({@code toString()} is used)
     * @return the encoded path
     * @throws InvalidRequestException if a value is missing, empty, {@code .} or {@code ..}, has an unpaired
     *     surrogate, or a name is unknown
     */
    public static String expand(String template, Map<String, ?> values) {
        return expand(template, values, false);
    }

    /**
     * The expanded path for logs: placeholders whose name ends with {@code key} (API keys in key-management
     * paths) show {@code ***} instead of their value.
     *
     * @param template the literal template
     * @param values   placeholder name to value
     * @return the encoded path with keys masked
     */
    public static String expandForLog(String template, Map<String, ?> values) {
        return expand(template, values, true);
    }

    /**
     * Whether {@link #expandForLog} would mask anything in this template, i.e. whether a placeholder's name ends
     * with {@code key} (any case).
     *
     * @param template the literal template
     * @return true if its log form differs from its expanded form
     */
    public static boolean masksKeys(String template) {
        return parse(template).masksKeys();
    }

    private static String expand(String template, Map<String, ?> values, boolean maskKeys) {
        Parsed parsed = parse(template);
        String[] names = parsed.names();
        String[] literals = parsed.literals();
        String path;
        if (names.length == 0) {
            path = template;
        } else if (names.length == 1) {
            // the usual shape (an index name): one exactly sized string
            path = literals[0] + segment(template, names[0], values, maskKeys) + literals[1];
        } else {
            StringBuilder built = new StringBuilder(template.length() + 32);
            for (int n = 0; n < names.length; n++) {
                built.append(literals[n]).append(segment(template, names[n], values, maskKeys));
            }
            path = built.append(literals[names.length]).toString();
        }
        if (names.length != values.size()) {
            // every value was used unless there are more values than placeholders (a template may repeat a name,
            // so only then look for the stray one)
            for (String name : values.keySet()) {
                if (!template.contains("{" + name + "}")) {
                    throw new InvalidRequestException("unknown path parameter '" + name + "' for " + template);
                }
            }
        }
        return path;
    }

    private static String segment(String template, String name, Map<String, ?> values, boolean maskKeys) {
        Object value = values.get(name);
        if (value == null) {
            throw new InvalidRequestException("missing path parameter '" + name + "' for " + template);
        }
        String text = value.toString();
        boolean key = name.toLowerCase(Locale.ROOT).endsWith("key");
        if (text.isEmpty() || text.equals(".") || text.equals("..")) {
            // even a key this short is not repeated: no key value appears in a message
            throw new InvalidRequestException("path parameter '" + name + "' must not be empty, '.' or '..'"
                    + " (it would change the request path)" + (key ? "" : ": got '" + text + "'"));
        }
        return maskKeys && key ? "***" : encodeSegment(text, "path parameter", name);
    }

    /**
     * A template split once into its literal parts and placeholder names: {@code literals[i]} comes before
     * {@code names[i]}, and one more literal ends it.
     */
    private record Parsed(String[] literals, String[] names, boolean masksKeys) {}

    // templates are the endpoints' constants: a few hundred at most; past the bound they are parsed each time
    private static final Map<String, Parsed> PARSED = new ConcurrentHashMap<>();
    private static final int MAX_PARSED = 4096;

    private static Parsed parse(String template) {
        Parsed parsed = PARSED.get(template);
        if (parsed != null) {
            return parsed;
        }
        List<String> literals = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int from = 0;
        for (int open = template.indexOf('{'); open >= 0; open = template.indexOf('{', from)) {
            int close = template.indexOf('}', open);
            if (close < 0) {
                throw new InvalidRequestException("unclosed placeholder in path template " + template);
            }
            literals.add(template.substring(from, open));
            names.add(template.substring(open + 1, close));
            from = close + 1;
        }
        literals.add(template.substring(from));
        boolean masksKeys = false;
        for (String name : names) {
            masksKeys |= name.toLowerCase(Locale.ROOT).endsWith("key");
        }
        parsed = new Parsed(literals.toArray(new String[0]), names.toArray(new String[0]), masksKeys);
        if (PARSED.size() < MAX_PARSED) {
            PARSED.putIfAbsent(template, parsed);
        }
        return parsed;
    }

    /**
     * Percent-encodes UTF-8 text as {@code spi.UrlEncoding} does, naming the value in the error.
     *
     * @param text the text
     * @param kind what the text is ({@code "path parameter"})
     * @param name the parameter's name
     * @return the encoded text
     * @throws InvalidRequestException if the text has a surrogate without its pair (it has no UTF-8 form)
     */
    static String encodeSegment(String text, String kind, String name) {
        if (PercentEncoding.isUnreserved(text)) {
            return text; // the common case (index names, IDs): nothing to encode, nothing allocated
        }
        int unpaired = PercentEncoding.unpairedSurrogateAt(text);
        if (unpaired >= 0) {
            throw new InvalidRequestException(kind + " '" + name + "' has an unpaired UTF-16 surrogate at index "
                    + unpaired + ", which has no UTF-8 form (it would be sent as '?')");
        }
        return PercentEncoding.encodeWellFormed(text);
    }
}
