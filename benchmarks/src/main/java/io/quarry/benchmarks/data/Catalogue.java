package io.quarry.benchmarks.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A seeded generator of {@link Product} records over a fixed vocabulary, so that every run indexes and
 * searches the same data. Word frequencies are skewed (a few words are common, most are rare), as in real text.
 */
public final class Catalogue {

    /** Distinct words in descriptions and names. */
    static final int VOCABULARY_SIZE = 5_000;

    private static final String[] SYLLABLES = {
        "ka", "lo", "mi", "ter", "van", "sol", "ri", "den", "ma", "pol", "ex", "tra", "lum", "cor", "bel", "ni", "sta",
        "gor", "ve", "qui", "dra", "fen", "mo", "zel"
    };
    private static final int BRANDS = 40;
    private static final int CATEGORIES = 60;

    private final String[] words;
    private final String[] brands;
    private final String[] categories;

    /** Builds the vocabulary (the same for every instance). */
    public Catalogue() {
        SplittableRandom random = new SplittableRandom(7);
        java.util.LinkedHashSet<String> distinct = new java.util.LinkedHashSet<>();
        while (distinct.size() < VOCABULARY_SIZE) {
            StringBuilder word = new StringBuilder();
            int syllables = 2 + random.nextInt(3);
            for (int i = 0; i < syllables; i++) {
                word.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
            }
            distinct.add(word.toString());
        }
        this.words = distinct.toArray(String[]::new);
        this.brands = new String[BRANDS];
        for (int i = 0; i < BRANDS; i++) {
            brands[i] = capitalise(words[VOCABULARY_SIZE - 1 - i]);
        }
        this.categories = new String[CATEGORIES];
        for (int i = 0; i < CATEGORIES; i++) {
            categories[i] = capitalise(words[VOCABULARY_SIZE - 1 - BRANDS - i]);
        }
    }

    /**
     * A common word (rank {@code rank} in frequency, 0 the most common).
     *
     * @param rank the frequency rank
     * @return the word
     */
    public String word(int rank) {
        return words[rank];
    }

    /**
     * A brand name.
     *
     * @param i which one, 0 to 39
     * @return the brand
     */
    public String brand(int i) {
        return brands[i];
    }

    /**
     * The records {@code 0..count-1}; record {@code i} is the same on every call.
     *
     * @param count how many
     * @return the records
     */
    public List<Product> products(int count) {
        List<Product> products = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            products.add(product(i));
        }
        return products;
    }

    /**
     * Record {@code i}.
     *
     * @param i the record number
     * @return the record, with objectID {@code "p<i>"}
     */
    public Product product(int i) {
        SplittableRandom random = new SplittableRandom(1_000_003L * i + 11);
        String name = capitalise(skewedWord(random)) + " " + skewedWord(random) + " " + skewedWord(random);
        StringBuilder description = new StringBuilder();
        int length = 15 + random.nextInt(11);
        for (int w = 0; w < length; w++) {
            if (w > 0) {
                description.append(' ');
            }
            description.append(skewedWord(random));
        }
        String first = categories[random.nextInt(CATEGORIES)];
        String second = categories[random.nextInt(CATEGORIES)];
        List<String> cats = first.equals(second) ? List.of(first) : List.of(first, second);
        double price = Math.round(random.nextDouble(5, 1_000) * 100) / 100.0;
        return new Product(
                "p" + i,
                name,
                description.toString(),
                brands[skewed(random, BRANDS)],
                cats,
                price,
                1 + random.nextInt(5),
                random.nextInt(10_000),
                random.nextInt(10) < 8);
    }

    /** A word whose rank follows a power law: low ranks are far more frequent. */
    private String skewedWord(SplittableRandom random) {
        return words[skewed(random, VOCABULARY_SIZE - BRANDS - CATEGORIES)];
    }

    private static int skewed(SplittableRandom random, int bound) {
        // P(rank < r) = log(r + 1) / log(bound): density about 1/r, like word frequencies in text
        return (int) Math.min(bound - 1, Math.floor(Math.pow(bound, random.nextDouble())) - 1);
    }

    private static String capitalise(String word) {
        return word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1);
    }
}
