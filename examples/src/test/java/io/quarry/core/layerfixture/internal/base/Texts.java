package io.quarry.core.layerfixture.internal.base;

/** Allowed: a helper that knows no type of the core, which public values may use. */
public final class Texts {

    private Texts() {}

    /**
     * {@return the text without surrounding blanks}
     *
     * @param text a text
     */
    public static String trimmed(String text) {
        return text.strip();
    }
}
