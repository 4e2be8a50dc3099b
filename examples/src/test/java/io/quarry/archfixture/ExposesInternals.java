package io.quarry.archfixture;

import io.quarry.archfixture.internal.Hidden;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Names the internal {@link Hidden} in each kind of public or protected signature. */
public class ExposesInternals implements Supplier<List<Hidden>> {

    /** A public field. */
    public Hidden field;

    /**
     * A public constructor.
     *
     * @param hidden a parameter
     */
    public ExposesInternals(Hidden hidden) {
        this.field = hidden;
    }

    /** @return a type argument of the return type */
    @Override
    public List<Hidden> get() {
        return List.of();
    }

    /** @param values a type argument of a parameter of a protected method */
    protected void take(Map<String, Hidden> values) {}

    /** @return a bound of a type parameter */
    public <T extends Hidden> T bounded() {
        return null;
    }

    /** Allowed: not visible outside the package. */
    Hidden packagePrivate() {
        return field;
    }

    /** A public nested class extending an internal one. */
    public static class NestedSubclass extends Hidden {}
}
