package io.quarry.answers.model;

import java.util.Optional;

/**
 * The answer found in one hit.
 *
 * @param extract          the passage of the record answering the question, the question's words wrapped in the
 *                         highlighting tags (such as {@code <em>...</em>})
 * @param extractAttribute the attribute the extract comes from; null unless the query asked for it (it does by
 *                         default)
 * @param score            how well the extract answers, higher is better; 0 means irrelevant
 */
public record Answer(String extract, String extractAttribute, double score) {

    /**
     * The attribute the extract comes from.
     *
     * @return the attribute, empty when the query did not ask for it
     */
    public Optional<String> attribute() {
        return Optional.ofNullable(extractAttribute);
    }
}
