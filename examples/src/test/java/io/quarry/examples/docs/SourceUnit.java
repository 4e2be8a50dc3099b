package io.quarry.examples.docs;

/**
 * A snippet as the compiler sees it: a Java file in the page's package.
 *
 * @param snippet        the snippet it comes from
 * @param typeName       its first top-level type's simple name, which names the file
 * @param packageName    the page's package
 * @param text           the file's text
 * @param linesBefore    how many lines the test added before the snippet's first line
 */
record SourceUnit(Snippet snippet, String typeName, String packageName, String text, int linesBefore) {

    String fileName() {
        return typeName + ".java";
    }

    String className() {
        return packageName + "." + typeName;
    }

    /** Where a line of this file is on the page. */
    String where(long fileLine) {
        long pageLine = snippet.line() + fileLine - 1 - linesBefore;
        return snippet.page() + ":" + (fileLine <= linesBefore ? snippet.line() : pageLine);
    }
}
