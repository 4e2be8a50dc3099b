package io.quarry.core.layerfixture;

import io.quarry.core.layerfixture.internal.base.Texts;

/**
 * Allowed: a public value that uses a base helper and nothing else of the core's other packages.
 *
 * @param text the value's text
 */
public record Value(String text) {

    /** Keeps the text without surrounding blanks. */
    public Value {
        text = Texts.trimmed(text);
    }
}
