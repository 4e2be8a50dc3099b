package io.quarry.apifixture;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

/** A final class: constants, constructors, generic, variable-arity and throwing methods, private members. */
public final class Widget implements Comparable<Widget> {

    /** A constant callers compile into their code: its value is listed. */
    public static final int LIMIT = 10;

    /** A string constant. */
    public static final String KIND = "widget";

    /** Not a constant (not known at compile time): no value listed. */
    public static final List<String> DEFAULT_TAGS = List.of("new");

    private final List<String> tags = new ArrayList<>();

    private int uses;

    /** A constructor. */
    public Widget() {}

    /**
     * A constructor taking the tags.
     *
     * @param tags the tags
     */
    public Widget(Collection<String> tags) {
        this.tags.addAll(tags);
    }

    /**
     * Adds tags.
     *
     * @param more the tags
     * @return this widget
     */
    public Widget tag(String... more) {
        tags.addAll(List.of(more));
        return this;
    }

    /**
     * The greatest of some values.
     *
     * @param values the values
     * @param <T> their type
     * @return the greatest
     */
    public static <T extends Comparable<? super T>> T max(List<? extends T> values) {
        return values.stream().max(Comparable::compareTo).orElseThrow();
    }

    /**
     * A method that declares a checked exception.
     *
     * @return nothing
     * @throws IOException always
     */
    public String read() throws IOException {
        throw new IOException("not readable");
    }

    /**
     * An old name.
     *
     * @return the tags
     * @deprecated use {@link #tags()}
     */
    @Deprecated(since = "0.9")
    public List<String> labels() {
        return tags();
    }

    /**
     * The tags.
     *
     * @return the tags
     */
    public List<String> tags() {
        return List.copyOf(tags);
    }

    /**
     * A supplier made with a lambda (a synthetic method, not listed).
     *
     * @return the supplier
     */
    public Supplier<Integer> uses() {
        return () -> uses;
    }

    @Override
    public int compareTo(Widget other) {
        return Integer.compare(tags.size(), other.tags.size());
    }

    /** Protected in a final class: only its package can call it, so it is not listed. */
    protected void changed() {
        uses = 0;
    }

    int packagePrivate() {
        return count();
    }

    private int count() {
        return ++uses;
    }
}
