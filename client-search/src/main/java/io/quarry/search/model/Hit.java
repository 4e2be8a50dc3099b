package io.quarry.search.model;

import io.quarry.core.FreeFormRecord;
import java.util.Objects;
import java.util.Optional;

/**
 * One hit: the record decoded into the caller's type, plus the members the engine adds
 * ({@code _highlightResult}, {@code _snippetResult}, {@code _rankingInfo}).
 *
 * @param <T> the record type
 */
public final class Hit<T> {

    private final T record;
    private final FreeFormRecord raw;

    private Hit(T record, FreeFormRecord raw) {
        this.record = record;
        this.raw = raw;
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
        Objects.requireNonNull(raw, "raw");
        T record = type == FreeFormRecord.class ? type.cast(raw) : raw.as(type);
        return new Hit<>(record, raw);
    }

    /** @return the record, in the caller's type */
    public T record() {
        return record;
    }

    /** @return the hit exactly as received, generated members included */
    public FreeFormRecord raw() {
        return raw;
    }

    /** @return the record's objectID */
    public Optional<String> objectID() {
        return raw.objectID();
    }

    /** @return the whole {@code _highlightResult} member, if present */
    public Optional<FreeFormRecord> highlightResult() {
        return raw.getRecord("_highlightResult");
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

    /** @return the whole {@code _snippetResult} member, if present */
    public Optional<FreeFormRecord> snippetResult() {
        return raw.getRecord("_snippetResult");
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

    /** @return the {@code _rankingInfo} member, present when {@code getRankingInfo} was set */
    public Optional<RankingInfo> rankingInfo() {
        return raw.getAs("_rankingInfo", RankingInfo.class);
    }

    private Optional<HighlightResult> member(String member, String attribute) {
        return raw.getRecord(member)
                .flatMap(m -> m.getRecord(attribute))
                .filter(r -> r.has("value"))
                .map(r -> r.as(HighlightResult.class));
    }

    /** Shows the raw hit. */
    @Override
    public String toString() {
        return raw.toString();
    }
}
