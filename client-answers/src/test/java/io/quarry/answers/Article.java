package io.quarry.answers;

/**
 * A record type of the tests.
 *
 * @param title the title
 * @param body  the text
 */
record Article(String title, String body) {}
