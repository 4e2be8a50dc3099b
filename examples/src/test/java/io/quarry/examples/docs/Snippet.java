package io.quarry.examples.docs;

/**
 * One fenced block of a Markdown page that the test knows what to do with, from the marker above it.
 *
 * @param page      the page's name, as the project root sees it ({@code README.md})
 * @param line      the line of the block's first code line, 1-based
 * @param language  the fence's language ({@code java}, {@code json}, ...)
 * @param kind      the marker's kind ({@code imports}, {@code compile}, {@code run}, {@code fragment}, {@code file})
 * @param argument  what follows the kind in the marker: a fragment's parameters, a file's path; empty if none
 * @param code      the block's text, each line ending with a newline
 */
record Snippet(String page, int line, String language, String kind, String argument, String code) {

    String where() {
        return page + ":" + line;
    }
}
