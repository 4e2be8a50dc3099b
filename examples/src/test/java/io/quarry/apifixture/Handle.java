package io.quarry.apifixture;

/**
 * An abstract generic class with protected members and nested types.
 *
 * @param <H> the handle's own type
 */
public abstract class Handle<H extends Handle<H>> {

    /** A protected field. */
    protected final String name;

    /**
     * For subclasses.
     *
     * @param name the name
     */
    protected Handle(String name) {
        this.name = name;
    }

    /**
     * The same handle under another name.
     *
     * @param name the name
     * @return the handle
     */
    public abstract H renamed(String name);

    /**
     * A hook for subclasses.
     *
     * @return the name
     */
    protected String describe() {
        return name;
    }

    /** A nested class callers can name. */
    public static final class Options extends Settings<Options> {
        /** Options with the defaults. */
        public Options() {}
    }

    /** A nested interface only subclasses can name. */
    @FunctionalInterface
    protected interface Listener {
        /**
         * Told of a rename.
         *
         * @param name the new name
         */
        void renamed(String name);
    }

    /** An inner class: each instance belongs to a handle. */
    public class Child {
        /** A child. */
        public Child() {}
    }

    /** Not listed: private. */
    private static final class Secret {}
}
