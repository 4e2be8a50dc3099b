package io.quarry.mockserver.internal.products.analytics;

import io.quarry.mockserver.internal.http.ApiException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * The {@code tags} parameter: analytics tags joined by {@code AND} and {@code OR} (AND binds tighter), with
 * parentheses; a search matches when its {@code analyticsTags} satisfy the expression.
 */
final class TagsExpression {

    private static final int MAX_LENGTH = 2000;

    private final List<String> tokens;
    private int next;

    private TagsExpression(List<String> tokens) {
        this.tokens = tokens;
    }

    /**
     * {@return the test on a search's tags}
     *
     * @param text the parameter's value
     * @throws ApiException 400 when the expression is malformed
     */
    static Predicate<Collection<String>> parse(String text) {
        if (text.length() > MAX_LENGTH) {
            throw ApiException.badRequest("Invalid tags: longer than " + MAX_LENGTH + " characters");
        }
        TagsExpression parser = new TagsExpression(tokenize(text));
        if (parser.tokens.isEmpty()) {
            throw ApiException.badRequest("Invalid tags: empty expression");
        }
        Predicate<Collection<String>> result = parser.or(0);
        if (parser.next != parser.tokens.size()) {
            throw invalid(text);
        }
        return result;
    }

    private Predicate<Collection<String>> or(int depth) {
        if (depth > 50) {
            throw ApiException.badRequest("Invalid tags: too deeply nested");
        }
        Predicate<Collection<String>> left = and(depth);
        while (peekKeyword("OR")) {
            next++;
            left = left.or(and(depth));
        }
        return left;
    }

    private Predicate<Collection<String>> and(int depth) {
        Predicate<Collection<String>> left = atom(depth);
        while (peekKeyword("AND")) {
            next++;
            left = left.and(atom(depth));
        }
        return left;
    }

    private Predicate<Collection<String>> atom(int depth) {
        if (next >= tokens.size()) {
            throw invalid(String.join(" ", tokens));
        }
        String token = tokens.get(next++);
        if (token.equals("(")) {
            Predicate<Collection<String>> inner = or(depth + 1);
            if (next >= tokens.size() || !tokens.get(next++).equals(")")) {
                throw invalid(String.join(" ", tokens));
            }
            return inner;
        }
        if (token.equals(")") || isKeyword(token)) {
            throw invalid(String.join(" ", tokens));
        }
        String tag = unquote(token);
        return tags -> tags.contains(tag);
    }

    private boolean peekKeyword(String keyword) {
        return next < tokens.size() && tokens.get(next).toUpperCase(Locale.ROOT).equals(keyword);
    }

    private static boolean isKeyword(String token) {
        String upper = token.toUpperCase(Locale.ROOT);
        return upper.equals("AND") || upper.equals("OR");
    }

    private static List<String> tokenize(String text) {
        List<String> tokens = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '(' || c == ')') {
                tokens.add(String.valueOf(c));
                i++;
            } else if (c == '"') {
                int end = text.indexOf('"', i + 1);
                if (end < 0) {
                    throw invalid(text);
                }
                tokens.add(text.substring(i, end + 1));
                i = end + 1;
            } else {
                int start = i;
                while (i < text.length()
                        && !Character.isWhitespace(text.charAt(i))
                        && text.charAt(i) != '('
                        && text.charAt(i) != ')') {
                    i++;
                }
                tokens.add(text.substring(start, i));
            }
        }
        return tokens;
    }

    private static String unquote(String token) {
        return token.length() >= 2 && token.startsWith("\"") && token.endsWith("\"")
                ? token.substring(1, token.length() - 1)
                : token;
    }

    private static ApiException invalid(String text) {
        return ApiException.badRequest("Invalid tags expression: " + text);
    }
}
