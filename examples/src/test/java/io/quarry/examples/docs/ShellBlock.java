package io.quarry.examples.docs;

/**
 * A {@code bash} block of a Markdown page.
 *
 * @param page the page's name
 * @param line the line of the block's first code line, 1-based
 * @param code the block's text
 */
record ShellBlock(String page, int line, String code) {}
