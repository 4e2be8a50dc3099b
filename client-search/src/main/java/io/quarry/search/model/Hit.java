package io.quarry.search.model;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import java.util.Objects;
import java.util.Optional;

/**
 * One hit: the record decoded into the caller's type, plus the members the engine adds
 * ({@code _highlightResult}, {@code _snippetResult}, {@code _rankingInfo}, {@code _distinctSeqID}, ...).
 *
 * <p>The record is decoded in one pass, straight from the response body; the generated members are decoded only
 * when one of their accessors is first called, and {@link #raw()} is built only when asked for. A hit keeps only the bytes of its own generated members (none when the service sent none), not
 * the response it came from.
 *
 * @param <T> the record type
 */
public final class Hit<T> {

    private final EnrichedRecord<T> hit;

    private Hit(EnrichedRecord<T> hit) {
        this.hit = hit;
    }

    /**
     * A hit as the SDK decoded it.
     *
     * @param hit  the record and its generated members
     * @param <T>  the record type
     * @return the hit
     */
    public static <T> Hit<T> of(EnrichedRecord<T> hit) {
        return new Hit<>(Objects.requireNonNull(hit, "hit"));
    }

    /**
     * Decodes a raw hit into a type.
     *
     * @param raw  the hit as received
     * @param type the record type; {@code FreeFormRecord.class} keeps it as it is
     * @param <T>  the record type
     * @return the hit
     */
    public static <T> Hit<T> of(FreeFormRecord raw, Class<T> type) {
        return new Hit<>(EnrichedRecord.of(raw, type));
    }

    /** {@return the record, in the caller's type} */
    public T record() {
        return hit.record();
    }

    /**
     * The hit as a free-form record, built on first call: the record's attributes, then the generated members.
     * With {@code FreeFormRecord} (or a map) as the record type that is the hit exactly as received; with a class
     * of yours, attributes the class does not declare are not kept.
     *
     * @return the free-form hit
     */
    public FreeFormRecord raw() {
        return hit.raw();
    }

    /** {@return the record's objectID} */
    public Optional<String> objectID() {
        return hit.objectID();
    }

    /** {@return the members the engine added (names starting with {@code _}), decoded on first call} */
    public FreeFormRecord generatedMembers() {
        return hit.generatedMembers();
    }

    /** {@return the whole {@code _highlightResult} member, if present} */
    public Optional<FreeFormRecord> highlightResult() {
        return hit.generatedMembers().getRecord("_highlightResult");
    }

    /**
     * The highlighted form of one top-level attribute.
     *
     * @param attribute the attribute
     * @return its highlight, if present and not nested
     */
    public Optional<HighlightResult> highlight(String attribute) {
        return member("_highlightResult", attribute);
    }

    /** {@return the whole {@code _snippetResult} member, if present} */
    public Optional<FreeFormRecord> snippetResult() {
        return hit.generatedMembers().getRecord("_snippetResult");
    }

    /**
     * The snippet of one top-level attribute.
     *
     * @param attribute the attribute
     * @return its snippet, if present and not nested
     */
    public Optional<HighlightResult> snippet(String attribute) {
        return member("_snippetResult", attribute);
    }

    /** {@return the {@code _rankingInfo} member, present when {@code getRankingInfo} was set} */
    public Optional<RankingInfo> rankingInfo() {
        return hit.generatedMembers().getAs("_rankingInfo", RankingInfo.class);
    }

    private Optional<HighlightResult> member(String member, String attribute) {
        return hit.generatedMembers()
                .getRecord(member)
                .flatMap(m -> m.getRecord(attribute))
                .filter(r -> r.has("value"))
                .map(r -> r.as(HighlightResult.class));
    }

    /** Shows the raw hit. */
    @Override
    public String toString() {
        return hit.toString();
    }
}
