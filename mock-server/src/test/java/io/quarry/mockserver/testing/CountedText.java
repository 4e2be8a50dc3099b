package io.quarry.mockserver.testing;

/**
 * A text that counts how many of its characters are read, so a test can pin that a scan stays linear in the text
 * instead of timing it.
 */
public final class CountedText implements CharSequence {
    private final String text;
    private long reads;

    /** @param text the text read */
    public CountedText(String text) {
        this.text = text;
    }

    /** {@return the characters read so far} A copy ({@link #toString}, {@link #subSequence}) reads each of its own. */
    public long reads() {
        return reads;
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public char charAt(int index) {
        reads++;
        return text.charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        reads += end - start;
        return text.subSequence(start, end);
    }

    @Override
    public String toString() {
        reads += text.length();
        return text;
    }
}
