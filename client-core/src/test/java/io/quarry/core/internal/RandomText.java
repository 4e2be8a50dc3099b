package io.quarry.core.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Random well-formed text: ASCII (reserved characters and {@code %} included), other scripts, and emoji. */
final class RandomText {

    private static final String ASCII_OFTEN_ENCODED = " /?#%&=+,;:@!$'()*[]\"\\<>{}|^`~.-_";

    private RandomText() {}

    /**
     * @param seed      the seed, so that a failure replays
     * @param count     how many texts
     * @param minLength the fewest code points (the most: 11 more)
     * @return random well-formed texts
     */
    static List<String> samples(long seed, int count, int minLength) {
        Random random = new Random(seed);
        List<String> texts = new ArrayList<>(count);
        for (int n = 0; n < count; n++) {
            texts.add(wellFormed(random, minLength + random.nextInt(12)));
        }
        return texts;
    }

    /**
     * @param random the source
     * @param length how many code points
     * @return the text
     */
    static String wellFormed(Random random, int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(6)) {
                case 0 -> text.append(ASCII_OFTEN_ENCODED.charAt(random.nextInt(ASCII_OFTEN_ENCODED.length())));
                case 1 -> text.appendCodePoint(0x80 + random.nextInt(0x780)); // two UTF-8 bytes
                case 2 -> text.appendCodePoint(0x800 + random.nextInt(0xD800 - 0x800)); // three, below the surrogates
                case 3 -> text.appendCodePoint(0xE000 + random.nextInt(0x2000)); // three, above them
                case 4 -> text.appendCodePoint(0x10000 + random.nextInt(0x100000)); // four: a surrogate pair
                default -> text.append((char) ('a' + random.nextInt(26)));
            }
        }
        return text.toString();
    }
}
