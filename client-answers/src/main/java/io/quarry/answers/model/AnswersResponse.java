package io.quarry.answers.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.List;

/**
 * The hits answering a question, best answer first, each record decoded into the caller's type with its
 * {@link Answer}. Counts absent from the answer read as 0.
 *
 * <p>Compared by identity, as its {@link AnswerHit}s are. A test compares {@link #records()} and the counts.
 *
 * @param <T> the record type
 */
public final class AnswersResponse<T> {

    private final AnswersResponseJson<T> json;
    private final List<AnswerHit<T>> hits;

    private AnswersResponse(AnswersResponseJson<T> json, List<AnswerHit<T>> hits) {
        this.json = json;
        this.hits = hits;
    }

    // Jackson reads the wire form, the record type of the hits bound from the requested AnswersResponse<T>.
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static <T> AnswersResponse<T> of(AnswersResponseJson<T> json) {
        List<AnswerHit<T>> hits = json.hits() == null
                ? List.of()
                : json.hits().stream().map(AnswerHit::of).toList();
        return new AnswersResponse<>(json, hits);
    }

    /** {@return the hits with their answers, in the order received (best answer first)} */
    public List<AnswerHit<T>> hits() {
        return hits;
    }

    /** {@return the records of the hits, in order} */
    public List<T> records() {
        return hits.stream().map(AnswerHit::record).toList();
    }

    /** {@return the number of hits, as the service counts them (the size of {@link #hits()} when absent)} */
    public long nbHits() {
        return json.nbHits() == null ? hits.size() : json.nbHits();
    }

    /** {@return the question, as the service echoes it; empty when absent} */
    public String query() {
        return json.query() == null ? "" : json.query();
    }

    /** {@return processing time in milliseconds} */
    public long processingTimeMS() {
        return json.processingTimeMS() == null ? 0 : json.processingTimeMS();
    }

    /** Shows the question, the counts and the processing time, not the hits themselves. */
    @Override
    public String toString() {
        return "AnswersResponse{query=" + query() + ", nbHits=" + nbHits() + ", hits=" + hits.size()
                + ", processingTimeMS=" + processingTimeMS() + "}";
    }
}
