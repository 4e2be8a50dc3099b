package io.quarry.core.internal.base;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * The channel through which the core's decoding builds a hit that kept only some of its generated members (the
 * JDK's "shared secrets" pattern): the hit type registers its {@link Maker} when it is initialised, and the decoding
 * builds through it, so that the hit's public constructors carry none of this. Knows no Quarry type: the hit and its
 * members are type parameters.
 */
public final class HitAccess {

    private static volatile Maker<?, ?> maker;

    private HitAccess() {}

    /** Which generated members a hit kept, and what it says of those it did not. */
    public interface Kept {
        /**
         * Whether the hit kept a member.
         *
         * @param name the member's name
         * @return true when kept
         */
        boolean keeps(String name);

        /**
         * Whether the hit kept none: then asking for its generated members at all throws.
         *
         * @return true when it kept none
         */
        boolean keepsNone();

        /**
         * Why a member is missing and how to ask for it.
         *
         * @param name the member's name, or null for every one (a hit that kept none)
         * @return the message of the exception thrown
         */
        String notKept(String name);
    }

    /**
     * Builds a hit that kept only some of its generated members.
     *
     * @param <H> the hit type
     * @param <F> the type of its members
     */
    public interface Maker<H, F> {
        /**
         * A hit.
         *
         * @param record           the record
         * @param objectID         its objectID as a {@code String}, a {@code Supplier<String>} finding it, or null
         * @param generatedMembers builds the members kept; called at most once
         * @param raw              builds the free-form view, or null for the record's JSON form
         * @param kept             which members the hit kept
         * @return the hit
         */
        H hit(Object record, Object objectID, Supplier<F> generatedMembers, Supplier<F> raw, Kept kept);
    }

    /**
     * Registers the hit type's maker; called once, from its static initialiser.
     *
     * @param made the maker
     * @throws IllegalStateException when a maker is registered already: no one replaces the hit type's
     */
    public static synchronized void register(Maker<?, ?> made) {
        Objects.requireNonNull(made, "maker");
        if (maker != null) {
            throw new IllegalStateException("a hit maker is registered already");
        }
        maker = made;
    }

    /**
     * The registered maker, its hit type initialised first.
     *
     * @param hitType the hit type, initialised here when it was not yet
     * @param <H>     the hit type
     * @param <F>     the type of its members
     * @return the maker
     */
    @SuppressWarnings("unchecked")
    public static <H, F> Maker<H, F> maker(Class<?> hitType) {
        if (maker == null) {
            try {
                Class.forName(hitType.getName(), true, hitType.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
        return (Maker<H, F>) Objects.requireNonNull(maker, "no hit type registered");
    }
}
