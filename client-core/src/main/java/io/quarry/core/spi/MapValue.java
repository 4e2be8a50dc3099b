package io.quarry.core.spi;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An immutable request value kept as an ordered map of named members and sent as that JSON object (search
 * parameters, index settings, a crawler's configuration). Each typed setter is one line over
 * {@link #with(String, Object)}, which returns a new value over an updated copy ({@link CopyOnWrite}); members the
 * subtype has no method for are kept as read and sent back unchanged.
 *
 * <p>A subtype is final, passes its members to the constructor and makes new values in
 * {@link #withMembers(Map)}. Two values are equal when they are of the same type with equal members;
 * {@link #toString()} shows the type's simple name and the members (override it to hide a secret member).
 *
 * @param <T> the subtype
 */
public abstract class MapValue<T extends MapValue<T>> {

    private final Map<String, Object> members;

    /**
     * A value over members the subtype owns.
     *
     * @param members unmodifiable and not shared with callers: from {@link CopyOnWrite#copy(Map)} or
     *     {@link #with(String, Object)}
     */
    protected MapValue(Map<String, Object> members) {
        this.members = Objects.requireNonNull(members, "members");
    }

    /**
     * A new value of the subtype over other members.
     *
     * @param members the members, unmodifiable
     * @return the new value
     */
    protected abstract T withMembers(Map<String, Object> members);

    /**
     * A copy with one member set.
     *
     * @param name the member's name as the service spells it
     * @param value the value; null removes the member (it is then not sent)
     * @return the new value
     */
    protected final T with(String name, Object value) {
        return withMembers(CopyOnWrite.with(members, name, value));
    }

    /**
     * A copy with one member set to a list of strings.
     *
     * @param name the member's name as the service spells it
     * @param values the strings
     * @return the new value
     * @throws NullPointerException naming the member ({@code facets}, {@code facets[1]}) if the list or a string in
     *     it is null
     */
    protected final T withStrings(String name, String... values) {
        Objects.requireNonNull(values, name);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                throw new NullPointerException(name + "[" + i + "]");
            }
        }
        return with(name, CopyOnWrite.list(values));
    }

    /** {@return every member, in the order set, unmodifiable} */
    protected final Map<String, Object> members() {
        return members;
    }

    /**
     * One member's value.
     *
     * @param name the member's name as the service spells it
     * @return the value, if present
     */
    public Optional<Object> get(String name) {
        return Optional.ofNullable(members.get(Objects.requireNonNull(name, "name")));
    }

    /**
     * A list member's items as strings.
     *
     * @param name the member's name
     * @return the strings; empty when the member is absent or not a list
     */
    protected final List<String> strings(String name) {
        return members.get(name) instanceof List<?> list
                ? list.stream().map(String::valueOf).toList()
                : List.of();
    }

    /**
     * A member's value as text.
     *
     * @param name the member's name
     * @return the value's text, if present
     */
    protected final Optional<String> text(String name) {
        return get(name).map(String::valueOf);
    }

    /**
     * The JSON form: the members. Declared as {@code Object} on purpose: with a generic declared type, Jackson
     * specialises the type and looks the map's serializer up again on every write, which showed in search profiles.
     */
    @JsonValue
    final Object json() {
        return members;
    }

    @Override
    public boolean equals(Object other) {
        return other != null && other.getClass() == getClass() && ((MapValue<?>) other).members.equals(members);
    }

    @Override
    public int hashCode() {
        return members.hashCode();
    }

    /** Shows the type's simple name and the members. */
    @Override
    public String toString() {
        return getClass().getSimpleName() + members;
    }
}
