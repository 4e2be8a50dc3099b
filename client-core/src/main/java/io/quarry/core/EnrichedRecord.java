package io.quarry.core;

import io.quarry.core.internal.base.HitAccess;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A record as the service returns it inside a hit: the stored attributes decoded into the caller's type in one
 * pass, and the members the engine adds to it (names starting with {@code _}, such as {@code _highlightResult},
 * {@code _snippetResult}, {@code _rankingInfo} or {@code _distinctSeqID}) kept aside, undecoded until asked for.
 *
 * <p>A module's response model names it as the type of its hits, for example
 * {@code record Page<T>(List<EnrichedRecord<T>> hits)}, and decodes the response with
 * {@code TypeRef.parameterized(Page.class, type)}: the SDK then binds each hit straight from the response body
 * into {@code T}, with no intermediate copy; attributes {@code T} does not declare, the generated members among
 * them, are set aside (a type with a {@code @JsonAnySetter} receives them all). Each hit keeps only the bytes of its
 * generated members, decoded when first asked for, and nothing of the response when it has none. When {@code T}
 * is {@link FreeFormRecord}, {@code Map} or {@code Object}, the record keeps every member, generated ones included.
 *
 * <p>A request marked {@link ApiRequest#generatedMembersKept} (a search keeps the members its query asks for)
 * whose options do not say {@link RequestOptions.Builder#keepGeneratedMembers()} keeps only those: each hit holds
 * its record, its objectID (taken from the response, whatever {@code T} declares) and the bytes of the members kept,
 * nothing else of the response. {@link #generatedMembers()} gives the members kept (those the service sent), and
 * {@link #raw()} adds them to the record's attributes; {@link #generatedMember(String)} of a member not kept throws
 * an {@link IllegalStateException} saying how to ask for it, and so does {@link #generatedMembers()} when the
 * request kept none.
 *
 * <p>Immutable and thread-safe; the objectID and each free-form view are found once, on first use.
 *
 * <p>Compared by identity: it holds a record of your type, whose {@code equals} is yours, and the undecoded bytes
 * of its generated members. A test compares {@link #record()}.
 *
 * @param <T> the record type
 */
public final class EnrichedRecord<T> {

    /** Stands for an absent objectID once looked up (the field's null is taken: see below). */
    private static final Object NO_ID = new Object();
    /**
     * Builds no view: marks a record whose free-form view is its JSON form, built from the record when asked. Shared,
     * so decoding a hit allocates nothing for that view.
     */
    private static final Supplier<FreeFormRecord> FROM_RECORD = () -> {
        throw new IllegalStateException("FROM_RECORD is a marker: raw() builds the view from the record");
    };

    private final T record;
    // Each view is held in one field: first what builds it (a Supplier), then, once built, the view itself (the
    // supplier is dropped then). One field per view rather than two keeps a hit at 32 bytes: a response has many.
    private volatile Object objectID; // Supplier<String>, String or NO_ID
    private volatile Object generatedMembers; // Supplier<FreeFormRecord> or FreeFormRecord
    private volatile Object raw; // Supplier<FreeFormRecord> or FreeFormRecord
    /** Which generated members the call kept, null for every one (a fifth field: still 32 bytes). */
    private final HitAccess.Kept kept;

    static {
        // the SDK's decoding builds hits that kept only some members through this, not the public constructors
        HitAccess.register((HitAccess.Maker<EnrichedRecord<Object>, FreeFormRecord>)
                (record, objectID, generatedMembers, raw, kept) ->
                        new EnrichedRecord<>(record, objectID, generatedMembers, raw, Objects.requireNonNull(kept)));
    }

    /**
     * Normally built by the SDK while decoding; also usable to build hits in tests.
     *
     * @param record           the record in the caller's type
     * @param objectID         the record's {@code objectID}, or null when absent or not a string
     * @param generatedMembers builds the members whose names start with {@code _}; called at most once
     * @param raw              builds the free-form view of {@link #raw()}, called at most once; null for the
     *                         record's JSON form ({@link FreeFormRecord#from(Object)})
     */
    public EnrichedRecord(
            T record, String objectID, Supplier<FreeFormRecord> generatedMembers, Supplier<FreeFormRecord> raw) {
        // the ID is known: stored as it is, no supplier (a response has many hits)
        this.record = record;
        this.objectID = objectID == null ? NO_ID : objectID;
        this.generatedMembers = Objects.requireNonNull(generatedMembers, "generatedMembers");
        this.raw = raw == null ? FROM_RECORD : raw;
        this.kept = null;
    }

    /**
     * A record whose objectID is also found on first use (the SDK reads it from the hit's bytes only when asked).
     *
     * @param record           the record in the caller's type
     * @param objectID         finds the record's {@code objectID}, null when absent or not a string; called at
     *                         most once
     * @param generatedMembers builds the members whose names start with {@code _}; called at most once
     * @param raw              builds the free-form view of {@link #raw()}, called at most once; null for the
     *                         record's JSON form ({@link FreeFormRecord#from(Object)})
     */
    public EnrichedRecord(
            T record,
            Supplier<String> objectID,
            Supplier<FreeFormRecord> generatedMembers,
            Supplier<FreeFormRecord> raw) {
        this.record = record;
        this.objectID = Objects.requireNonNull(objectID, "objectID");
        this.generatedMembers = Objects.requireNonNull(generatedMembers, "generatedMembers");
        this.raw = raw == null ? FROM_RECORD : raw;
        this.kept = null;
    }

    /** A hit that kept only some members, built by the SDK's decoding ({@link HitAccess}). */
    private EnrichedRecord(
            T record,
            Object objectID,
            Supplier<FreeFormRecord> generatedMembers,
            Supplier<FreeFormRecord> raw,
            HitAccess.Kept kept) {
        this.record = record;
        this.objectID = objectID == null ? NO_ID : objectID;
        this.generatedMembers = Objects.requireNonNull(generatedMembers, "generatedMembers");
        this.raw = raw == null ? FROM_RECORD : raw;
        this.kept = kept;
    }

    /**
     * A record built from its free-form form: the record is converted to the type, the generated members are
     * the attributes whose names start with {@code _}.
     *
     * @param raw  the member as received
     * @param type the record type; {@code FreeFormRecord.class} keeps it as it is
     * @param <T>  the record type
     * @return the record
     * @throws DeserializationException if the record does not match the type
     */
    public static <T> EnrichedRecord<T> of(FreeFormRecord raw, Class<T> type) {
        Objects.requireNonNull(raw, "raw");
        T record = type == FreeFormRecord.class ? type.cast(raw) : raw.as(type);
        return new EnrichedRecord<>(record, raw.objectID().orElse(null), () -> generatedMembersOf(raw), () -> raw);
    }

    /**
     * The generated members of a record ({@link #isGeneratedMember}), in order.
     *
     * @param raw the record
     * @return those attributes
     */
    public static FreeFormRecord generatedMembersOf(FreeFormRecord raw) {
        Objects.requireNonNull(raw, "raw");
        FreeFormRecord.Builder generated = FreeFormRecord.builder();
        raw.attributes().forEach((name, value) -> {
            if (isGeneratedMember(name)) {
                generated.put(name, value);
            }
        });
        return generated.build();
    }

    /**
     * Whether a member of a hit is one the engine generated rather than a stored attribute: its name starts with
     * {@code _}, except the two stored attributes the service reserves that way, {@code _tags} (tag filters)
     * and {@code _geoloc} (geo search), which a record type may declare like any other attribute.
     *
     * @param name the member name
     * @return true for a generated member
     */
    public static boolean isGeneratedMember(String name) {
        return Objects.requireNonNull(name, "name").startsWith("_") && !name.equals("_tags") && !name.equals("_geoloc");
    }

    /**
     * The record in the caller's type.
     *
     * @return the record
     */
    public T record() {
        return record;
    }

    /**
     * The record's {@code objectID}.
     *
     * @return the ID, empty when absent or not a string
     */
    public Optional<String> objectID() {
        Object id = objectID;
        if (id instanceof Supplier<?>) {
            synchronized (this) {
                id = objectID;
                if (id instanceof Supplier<?> source) {
                    Object found = source.get();
                    id = found == null ? NO_ID : found;
                    objectID = id;
                }
            }
        }
        return id == NO_ID ? Optional.empty() : Optional.of((String) id);
    }

    /**
     * The members the engine added (names starting with {@code _}) and the call kept, in the order received: every
     * one the service sent, unless the call kept only some (see the class description).
     *
     * @return them as a free-form record, empty when there are none
     * @throws IllegalStateException when the call kept none (see the class description); the message says how to
     *     ask for them
     */
    public FreeFormRecord generatedMembers() {
        Object members = generatedMembers;
        if (kept != null && kept.keepsNone()) {
            throw new IllegalStateException(kept.notKept(null));
        }
        if (members instanceof Supplier<?>) {
            synchronized (this) {
                members = generatedMembers;
                if (members instanceof Supplier<?> source) {
                    members = source.get();
                    generatedMembers = members;
                }
            }
        }
        return (FreeFormRecord) members;
    }

    /**
     * One member the engine added, such as {@code _highlightResult}, decoded on first use with the others kept.
     *
     * @param name the member's name
     * @return its value, empty when the service sent none
     * @throws IllegalStateException when the call did not keep it (see the class description); the message says how
     *     to ask for it
     */
    public Optional<Object> generatedMember(String name) {
        Objects.requireNonNull(name, "name");
        if (kept != null && !kept.keeps(name)) {
            throw new IllegalStateException(kept.notKept(kept.keepsNone() ? null : name));
        }
        return Optional.ofNullable(generatedMembers().get(name));
    }

    /**
     * The member as a free-form record: the record's attributes, then the generated members in the order
     * received (those the call kept, none when it kept none). When the record type is {@link FreeFormRecord}, a map or {@code Object}, that is the member
     * exactly as received; for a class of the caller's, the record's attributes are those of its JSON form, so
     * attributes the class does not declare are not kept (decode as {@code FreeFormRecord} to see them).
     *
     * @return the free-form record
     */
    public FreeFormRecord raw() {
        Object view = raw;
        if (view instanceof Supplier<?>) {
            synchronized (this) {
                view = raw;
                if (view instanceof Supplier<?> source) {
                    view = source == FROM_RECORD ? freeFormOf(record) : source.get();
                    raw = view;
                }
            }
        }
        return (FreeFormRecord) view;
    }

    private static FreeFormRecord freeFormOf(Object record) {
        return record == null ? FreeFormRecord.builder().build() : FreeFormRecord.from(record);
    }

    /** Shows the record as received. */
    @Override
    public String toString() {
        return raw().toString();
    }
}
