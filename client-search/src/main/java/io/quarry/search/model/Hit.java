package io.quarry.search.model;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One hit: the record decoded into the caller's type, plus the members the engine adds
 * ({@code _highlightResult}, {@code _snippetResult}, {@code _rankingInfo}, {@code _distinctSeqID}, ...).
 *
 * <p>A hit keeps each of those generated members only when the search asked for it: highlights
 * ({@link #highlight}, {@link #highlights}, {@link #highlightResult()}) when its query named attributes to highlight
 * or set a highlight tag, snippets ({@link #snippet}, {@link #snippets}, {@link #snippetResult()}) when it named
 * attributes to snippet or set the snippet ellipsis, ranking info ({@link #rankingInfo()}) when it asked for it (see
 * {@link SearchQuery}); or every one when its options said
 * {@link io.quarry.core.RequestOptions.Builder#keepGeneratedMembers()} (for the highlights an index's settings ask
 * for, or to pass hits on whole). A search sent with its parameters in the URL ({@code withParametersInUrl()}) also
 * counts the URL parameters its options add, which the service reads there; a search sent in a body does not (the
 * service reads its parameters from the body only). Each result of a multi-search keeps what its own query asked for.
 * Asking a hit for a member its search did not keep throws an {@link IllegalStateException} that says how to ask,
 * never an empty answer that would look like no match; {@link #generatedMembers()} gives the members kept, and throws
 * when none was. A hit that kept none answers {@link #record()} and {@link #objectID()} (taken from the answer,
 * whatever the record type declares), and {@link #raw()} gives the record's attributes. A record type that takes
 * every member ({@code FreeFormRecord}, a map) holds them in its record whether asked or not, and its hit answers
 * these accessors.
 *
 * <p>The record is decoded in one pass, straight from the response body; kept generated members are decoded only
 * when one of their accessors is first called, and {@link #raw()} is built only when asked for. A hit keeps only the
 * bytes of its own generated members (none when the service sent none or the search did not ask), not the response
 * it came from.
 *
 * <p>Compared by identity: a hit holds a record of your type, whose {@code equals} is yours, and the undecoded
 * bytes of its generated members. A test compares {@link #record()} or {@link #objectID()}.
 *
 * @param <T> the record type
 */
public final class Hit<T> {

    private static final String HIGHLIGHT_RESULT = "_highlightResult";
    private static final String SNIPPET_RESULT = "_snippetResult";
    private static final String RANKING_INFO = "_rankingInfo";

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
     * The hit as a free-form record, built on first call: the record's attributes, then the generated members kept
     * (none when the search did not ask for them). With {@code FreeFormRecord} (or a map) as the record type that is
     * the hit exactly as received; with a class of yours, attributes the class does not declare are not kept.
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

    /**
     * The members the engine added (names starting with {@code _}) that the search kept, decoded on first call: only
     * those it asked for, unless its options kept every one (see the class description).
     *
     * @return them, empty when the service sent none of them
     * @throws IllegalStateException when the search asked for none (see the class description)
     */
    public FreeFormRecord generatedMembers() {
        return hit.generatedMembers();
    }

    /**
     * The whole {@code _highlightResult} member.
     *
     * @return it, if present (and an object, as the service sends it)
     * @throws IllegalStateException when the search did not ask for highlights
     */
    public Optional<FreeFormRecord> highlightResult() {
        return objectMember(HIGHLIGHT_RESULT);
    }

    /**
     * The highlighted form of one top-level attribute holding a single value. An attribute holding a list (tags,
     * categories) has one per item: see {@link #highlights(String)}.
     *
     * @param attribute the attribute
     * @return its highlight; empty when absent, nested or a list's
     * @throws IllegalStateException when the search did not ask for highlights
     */
    public Optional<HighlightResult> highlight(String attribute) {
        return single(HIGHLIGHT_RESULT, attribute);
    }

    /**
     * The highlighted forms of the items of a top-level attribute holding a list (tags, categories), in the list's
     * order.
     *
     * @param attribute the attribute
     * @return one per item; empty when the attribute is absent or holds a single value ({@link #highlight(String)})
     * @throws IllegalStateException when the search did not ask for highlights
     */
    public List<HighlightResult> highlights(String attribute) {
        return items(HIGHLIGHT_RESULT, attribute);
    }

    /**
     * The whole {@code _snippetResult} member.
     *
     * @return it, if present (and an object, as the service sends it)
     * @throws IllegalStateException when the search did not ask for snippets
     */
    public Optional<FreeFormRecord> snippetResult() {
        return objectMember(SNIPPET_RESULT);
    }

    /**
     * The snippet of one top-level attribute holding a single value. An attribute holding a list has one per item:
     * see {@link #snippets(String)}.
     *
     * @param attribute the attribute
     * @return its snippet; empty when absent, nested or a list's
     * @throws IllegalStateException when the search did not ask for snippets
     */
    public Optional<HighlightResult> snippet(String attribute) {
        return single(SNIPPET_RESULT, attribute);
    }

    /**
     * The snippets of the items of a top-level attribute holding a list, in the list's order.
     *
     * @param attribute the attribute
     * @return one per item; empty when the attribute is absent or holds a single value ({@link #snippet(String)})
     * @throws IllegalStateException when the search did not ask for snippets
     */
    public List<HighlightResult> snippets(String attribute) {
        return items(SNIPPET_RESULT, attribute);
    }

    /**
     * The {@code _rankingInfo} member.
     *
     * @return it, present when {@code getRankingInfo} was set
     * @throws IllegalStateException when the search did not ask for ranking info
     */
    public Optional<RankingInfo> rankingInfo() {
        // asked first on its own: a search that kept other members but not this one throws
        return hit.generatedMember(RANKING_INFO).isEmpty()
                ? Optional.empty()
                : hit.generatedMembers().getAs(RANKING_INFO, RankingInfo.class);
    }

    private Optional<HighlightResult> single(String member, String attribute) {
        Objects.requireNonNull(attribute, "attribute");
        return highlightOf(objectMember(member).map(m -> m.get(attribute)).orElse(null));
    }

    private List<HighlightResult> items(String member, String attribute) {
        Objects.requireNonNull(attribute, "attribute");
        Object entry = objectMember(member).map(m -> m.get(attribute)).orElse(null);
        if (!(entry instanceof List<?> list)) {
            return List.of();
        }
        List<HighlightResult> items = new ArrayList<>(list.size());
        for (Object item : list) {
            highlightOf(item).ifPresent(items::add);
        }
        return Collections.unmodifiableList(items);
    }

    /** A generated member that is an object, as {@code _highlightResult} and {@code _snippetResult} are. */
    private Optional<FreeFormRecord> objectMember(String member) {
        return record(hit.generatedMember(member).orElse(null));
    }

    /** A highlight: an object with a {@code value}; anything else (a nested attribute's object) is none. */
    private static Optional<HighlightResult> highlightOf(Object entry) {
        return record(entry).filter(r -> r.has("value")).map(r -> r.as(HighlightResult.class));
    }

    private static Optional<FreeFormRecord> record(Object value) {
        return value instanceof FreeFormRecord record ? Optional.of(record) : Optional.empty();
    }

    /** Shows the raw hit. */
    @Override
    public String toString() {
        return hit.toString();
    }
}
