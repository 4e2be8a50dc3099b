package io.quarry.benchmarks.data;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded {@link Article}s and {@link ArticleRecord}s over the {@link Catalogue}'s vocabulary: article {@code i}
 * is the same on every call and in both shapes, with objectID {@code "a<i>"} and about 0.4 KB of JSON.
 */
public final class Articles {

    private final Catalogue catalogue = new Catalogue();

    /**
     * {@return articles {@code 0..count-1} as classes}
     *
     * @param count how many
     */
    public List<Article> classes(int count) {
        List<Article> articles = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            articles.add(toClass(record(i)));
        }
        return articles;
    }

    /**
     * {@return articles {@code 0..count-1} as Java records}
     *
     * @param count how many
     */
    public List<ArticleRecord> records(int count) {
        List<ArticleRecord> articles = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            articles.add(record(i));
        }
        return articles;
    }

    /**
     * {@return article {@code i} as a Java record}
     *
     * @param i the article number
     */
    public ArticleRecord record(int i) {
        SplittableRandom random = new SplittableRandom(7_000_003L * i + 5);
        return new ArticleRecord(
                "a" + i,
                words(random, 4),
                words(random, 18),
                catalogue.brand(random.nextInt(40)),
                words(random, 2),
                List.of(word(random), word(random), word(random)),
                Math.round(random.nextDouble(5, 1_000) * 100) / 100.0,
                Math.round(random.nextDouble(0, 5) * 10) / 10.0,
                random.nextInt(500),
                random.nextLong(1_000_000_000L),
                random.nextInt(10) < 8);
    }

    private static Article toClass(ArticleRecord r) {
        Article article = new Article();
        article.setObjectID(r.objectID());
        article.setTitle(r.title());
        article.setDescription(r.description());
        article.setBrand(r.brand());
        article.setCategory(r.category());
        article.setTags(r.tags());
        article.setPrice(r.price());
        article.setRating(r.rating());
        article.setStock(r.stock());
        article.setPopularity(r.popularity());
        article.setAvailable(r.available());
        return article;
    }

    private String words(SplittableRandom random, int count) {
        StringBuilder text = new StringBuilder();
        for (int w = 0; w < count; w++) {
            if (w > 0) {
                text.append(' ');
            }
            text.append(word(random));
        }
        return text.toString();
    }

    private String word(SplittableRandom random) {
        // uniform over the 2000 most common words: the text's length varies little from one article to the next
        return catalogue.word(random.nextInt(2_000));
    }
}
