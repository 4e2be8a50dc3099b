package io.quarry.benchmarks.ingest;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Random;

/**
 * A generated record of about 1 KB of JSON: a short searchable name and a long description the index does not
 * search. Records are made one by one as they are asked for; the descriptions come from a small pool made once,
 * so making a record costs an object and its objectID, the same for every client.
 *
 * @param objectID    {@code r<n>}
 * @param name        a few words
 * @param brand       one of 50 brands
 * @param price       a price
 * @param description about 900 characters
 */
public record IngestRecord(String objectID, String name, String brand, int price, String description) {

    private static final String[] WORDS = words();
    private static final String[] DESCRIPTIONS = descriptions(256, 900);

    /**
     * Record {@code n}.
     *
     * @param n its number
     * @return the record
     */
    public static IngestRecord number(long n) {
        int i = (int) (n & 0x7fffffff);
        return new IngestRecord(
                "r" + n,
                WORDS[i % WORDS.length] + " " + WORDS[(i / 7) % WORDS.length],
                "brand" + (i % 50),
                (i * 37) % 1000,
                DESCRIPTIONS[i % DESCRIPTIONS.length]);
    }

    /**
     * Records {@code from} (inclusive) to {@code to} (exclusive), made as the iterator is advanced.
     *
     * @param from the first number
     * @param to   one past the last number
     * @return a single-use iterator
     */
    public static Iterator<IngestRecord> range(long from, long to) {
        return new Iterator<>() {
            private long next = from;

            @Override
            public boolean hasNext() {
                return next < to;
            }

            @Override
            public IngestRecord next() {
                if (next >= to) {
                    throw new NoSuchElementException();
                }
                return number(next++);
            }
        };
    }

    private static String[] words() {
        String[] words = new String[500];
        Random random = new Random(7);
        for (int i = 0; i < words.length; i++) {
            StringBuilder word = new StringBuilder();
            int length = 3 + random.nextInt(7);
            for (int c = 0; c < length; c++) {
                word.append((char) ('a' + random.nextInt(26)));
            }
            words[i] = word.toString();
        }
        return words;
    }

    private static String[] descriptions(int count, int length) {
        Random random = new Random(11);
        String[] descriptions = new String[count];
        for (int d = 0; d < count; d++) {
            StringBuilder text = new StringBuilder(length + 16);
            while (text.length() < length) {
                text.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
            }
            descriptions[d] = text.toString().trim();
        }
        return descriptions;
    }
}
