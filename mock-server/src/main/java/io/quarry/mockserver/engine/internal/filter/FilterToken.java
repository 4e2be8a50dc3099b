package io.quarry.mockserver.engine.internal.filter;

/**
 * A lexical token of the filters syntax.
 *
 * @param type what it is
 * @param text its text (unquoted for strings)
 * @param column its 1-based column in the expression
 */
record FilterToken(Type type, String text, int column) {

    /** Token types. */
    enum Type {
        LPAREN,
        RPAREN,
        COLON,
        OPERATOR,
        WORD,
        STRING,
        AND,
        OR,
        NOT,
        TO,
        SCORE,
        END
    }

    String describe() {
        return switch (type) {
            case END -> "end of filter";
            case STRING -> "\"" + text + "\"";
            case SCORE -> "'<score=" + text + ">'";
            default -> "'" + text + "'";
        };
    }
}
