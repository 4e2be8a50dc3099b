package io.quarry.mockserver.engine.internal.filter;

import io.quarry.mockserver.engine.EngineException;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a {@code filters} expression into tokens. Keywords (AND, OR, NOT, TO) are uppercase only; {@code <score=N>}
 * after a facet or tag filter is one token. At most {@link FilterParser#MAX_TOKENS} tokens, so one request cannot
 * make the parser work without bound.
 *
 * <p>A value in double or single quotes may hold anything; inside, a backslash escapes only a quote of either kind
 * or a backslash ({@code brand:"say \"hi\""}, {@code path:"C:\\temp"}). Outside quotes, a backslash escapes only
 * what would otherwise end the word or change its meaning: white space, {@code ( ) : < > = ! " ' \} and {@code -}.
 * Any other backslash, which could mean itself or an escape, is a 400 rather than a guess.
 */
final class FilterLexer {

    private FilterLexer() {}

    static List<FilterToken> tokens(String expression) {
        List<FilterToken> tokens = new ArrayList<>();
        int i = 0;
        int n = expression.length();
        while (i < n) {
            char c = expression.charAt(i);
            int column = i + 1;
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '(') {
                tokens.add(new FilterToken(FilterToken.Type.LPAREN, "(", column));
                i++;
            } else if (c == ')') {
                tokens.add(new FilterToken(FilterToken.Type.RPAREN, ")", column));
                i++;
            } else if (c == ':') {
                tokens.add(new FilterToken(FilterToken.Type.COLON, ":", column));
                i++;
            } else if (c == '<' && expression.startsWith("<score=", i)) {
                int close = expression.indexOf('>', i);
                if (close < 0) {
                    throw new EngineException(400, "filters: unclosed <score=N> at col " + column);
                }
                tokens.add(new FilterToken(FilterToken.Type.SCORE, expression.substring(i + 7, close), column));
                i = close + 1;
            } else if (c == '<' || c == '>' || c == '=' || c == '!') {
                int end = i + 1 < n && expression.charAt(i + 1) == '=' ? i + 2 : i + 1;
                String operator = expression.substring(i, end);
                if (operator.equals("!")) {
                    throw new EngineException(
                            400, "filters: unexpected character '!' at col " + column + " (did you mean '!='?)");
                }
                tokens.add(new FilterToken(FilterToken.Type.OPERATOR, operator, column));
                i = end;
            } else if (c == '"' || c == '\'') {
                StringBuilder text = new StringBuilder();
                int j = i + 1;
                boolean closed = false;
                while (j < n) {
                    char d = expression.charAt(j);
                    if (d == '\\' && j + 1 < n) {
                        char escaped = expression.charAt(j + 1);
                        if (escaped != '"' && escaped != '\'' && escaped != '\\') {
                            throw badEscape(expression, j, "in quotes a backslash escapes only a quote or a backslash");
                        }
                        text.append(escaped);
                        j += 2;
                    } else if (d == c) {
                        closed = true;
                        j++;
                        break;
                    } else {
                        text.append(d);
                        j++;
                    }
                }
                if (!closed) {
                    throw new EngineException(400, "filters: unclosed quote starting at col " + column);
                }
                tokens.add(new FilterToken(FilterToken.Type.STRING, text.toString(), column));
                i = j;
            } else {
                int j = i;
                StringBuilder text = new StringBuilder();
                while (j < n) {
                    char d = expression.charAt(j);
                    if (Character.isWhitespace(d) || "():<>=!\"'".indexOf(d) >= 0) {
                        break;
                    }
                    if (d == '\\') {
                        if (j + 1 == n || !escapableInWord(expression.charAt(j + 1))) {
                            throw badEscape(
                                    expression,
                                    j,
                                    "outside quotes a backslash escapes only white space, ( ) : < > = ! \" ' \\ or -;"
                                            + " quote the value instead");
                        }
                        text.append(expression.charAt(j + 1));
                        j += 2;
                        continue;
                    }
                    text.append(d);
                    j++;
                }
                String word = text.toString();
                FilterToken.Type type = switch (word) {
                    case "AND" -> FilterToken.Type.AND;
                    case "OR" -> FilterToken.Type.OR;
                    case "NOT" -> FilterToken.Type.NOT;
                    case "TO" -> FilterToken.Type.TO;
                    default -> FilterToken.Type.WORD;
                };
                tokens.add(new FilterToken(type, word, column));
                i = j;
            }
            if (tokens.size() > FilterParser.MAX_TOKENS) {
                throw new EngineException(
                        400, "filters: too many terms (at most " + FilterParser.MAX_TOKENS + " tokens per filter)");
            }
        }
        tokens.add(new FilterToken(FilterToken.Type.END, "", n + 1));
        return tokens;
    }

    private static boolean escapableInWord(char c) {
        return Character.isWhitespace(c) || "():<>=!\"'\\-".indexOf(c) >= 0;
    }

    /** A 400 naming the backslash's column and what follows it (a code point, never half a surrogate pair). */
    private static EngineException badEscape(String expression, int backslash, String rule) {
        String what = backslash + 1 < expression.length()
                ? "invalid escape '\\" + Character.toString(expression.codePointAt(backslash + 1)) + "'"
                : "nothing to escape after the backslash";
        return new EngineException(
                400, "filters: " + what + " at col " + (backslash + 1) + ": " + rule + " (write \\\\ for a backslash)");
    }
}
