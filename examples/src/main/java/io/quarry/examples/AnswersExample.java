package io.quarry.examples;

import io.quarry.answers.AnswersClient;
import io.quarry.answers.model.AnswerHit;
import io.quarry.answers.model.AnswersQuery;
import io.quarry.answers.model.AnswersResponse;
import java.util.List;

/**
 * Answers: asks a question in plain words of an index of help articles, and gets back the passages that answer it,
 * best answer first, with the words that matched highlighted.
 */
public final class AnswersExample {

    private AnswersExample() {}

    /**
     * A help article, as stored in the index.
     *
     * @param title the article's title
     * @param body  its text
     */
    public record Article(String title, String body) {}

    /**
     * One answer: the article and the passage of it that answers.
     *
     * @param title   the article's title
     * @param passage the answering passage, matched words in {@code <em>}
     */
    public record FoundAnswer(String title, String passage) {}

    /**
     * Asks an English question of an index.
     *
     * @param answers  an answers client (the key needs the {@code nluReadAnswers} right)
     * @param index    the index of articles
     * @param question the question, as a user would type it
     * @return up to three answers, best first
     */
    public static List<FoundAnswer> ask(AnswersClient answers, String index, String question) {
        AnswersResponse<Article> response =
                answers.predict(index, AnswersQuery.of(question, "en").nbHits(3), Article.class);
        return response.hits().stream().map(AnswersExample::toAnswer).toList();
    }

    private static FoundAnswer toAnswer(AnswerHit<Article> hit) {
        return new FoundAnswer(hit.record().title(), hit.answer().extract());
    }
}
