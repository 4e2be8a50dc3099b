package io.quarry.answers.model;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import java.util.Objects;
import java.util.Optional;

/**
 * One hit of a prediction: the record decoded into the caller's type, and its answer.
 *
 * <p>Compared by identity: a hit holds a record of your type, whose {@code equals} is yours, and the undecoded
 * bytes of its generated members. A test compares {@link #record()} and {@link #answer()}.
 *
 * @param <T> the record type
 */
public final class AnswerHit<T> {

    private static final String ANSWER = "_answer";

    private final EnrichedRecord<T> hit;
    private final Answer answer;

    private AnswerHit(EnrichedRecord<T> hit, Answer answer) {
        this.hit = hit;
        this.answer = answer;
    }

    /**
     * A hit as the SDK decoded it; its answer is read from the {@code _answer} member.
     *
     * @param hit the record and its generated members
     * @param <T> the record type
     * @return the hit
     * @throws io.quarry.core.DeserializationException if {@code _answer} is malformed
     */
    public static <T> AnswerHit<T> of(EnrichedRecord<T> hit) {
        Objects.requireNonNull(hit, "hit");
        Answer answer = hit.generatedMembers().getAs(ANSWER, Answer.class).orElseGet(() -> new Answer("", null, 0));
        return new AnswerHit<>(hit, answer);
    }

    /** {@return the record, in the caller's type} */
    public T record() {
        return hit.record();
    }

    /** {@return the answer found in the record; an empty extract scoring 0 when the service sent none} */
    public Answer answer() {
        return answer;
    }

    /** {@return the record's objectID} */
    public Optional<String> objectID() {
        return hit.objectID();
    }

    /** {@return the members the service added to the record ({@code _answer}, {@code _highlightResult}, ...)} */
    public FreeFormRecord generatedMembers() {
        return hit.generatedMembers();
    }

    /**
     * The hit as a free-form record: with {@code FreeFormRecord} as the record type, exactly as received; with a
     * class of yours, the attributes it declares and the generated members.
     *
     * @return the free-form hit
     */
    public FreeFormRecord raw() {
        return hit.raw();
    }

    /** Shows the hit as received. */
    @Override
    public String toString() {
        return hit.toString();
    }
}
